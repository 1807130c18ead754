/**
 * Proactive content negotiation (RFC 9110 §12.5.1): picks which of the media types a route
 * produces answers a request's `Accept` header.
 */

/** One media range of an `Accept` header: `type/subtype` (either may be `*`) and its weight. */
interface MediaRange {
  readonly type: string;
  readonly subtype: string;
  /** 0 to 1000 (q-value times 1000, so comparisons are exact). */
  readonly weight: number;
  /** 0 for `*\/*`, 1 for `type/*`, 2 for `type/subtype`, +1 per extra parameter. */
  readonly specificity: number;
  readonly parameters: readonly (readonly [string, string])[];
}

/** A produced media type, split once at startup. */
interface Offer {
  readonly mediaType: string;
  readonly type: string;
  readonly subtype: string;
  readonly parameters: ReadonlyMap<string, string>;
}

const qValue = /^(?:0(?:\.[0-9]{0,3})?|1(?:\.0{0,3})?)$/;

function splitParameters(text: string): [string, string][] {
  const parameters: [string, string][] = [];
  for (const part of text.split(";")) {
    const equals = part.indexOf("=");
    if (equals === -1) continue;
    const name = part.slice(0, equals).trim().toLowerCase();
    const value = part
      .slice(equals + 1)
      .trim()
      .replace(/^"(.*)"$/, "$1");
    if (name !== "") parameters.push([name, value]);
  }
  return parameters;
}

/** Parses an `Accept` header; ranges that do not parse are ignored, as RFC 9110 allows. */
export function parseAccept(header: string): MediaRange[] {
  const ranges: MediaRange[] = [];
  for (const item of header.split(",")) {
    const semicolon = item.indexOf(";");
    const range = (semicolon === -1 ? item : item.slice(0, semicolon)).trim().toLowerCase();
    const slash = range.indexOf("/");
    if (slash <= 0 || slash === range.length - 1) continue;
    const type = range.slice(0, slash);
    const subtype = range.slice(slash + 1);
    if (type === "*" && subtype !== "*") continue;
    let weight = 1000;
    const parameters: (readonly [string, string])[] = [];
    for (const [name, value] of semicolon === -1 ? [] : splitParameters(item.slice(semicolon))) {
      if (name === "q") {
        weight = qValue.test(value) ? Math.round(Number(value) * 1000) : -1;
        break; // parameters after q are accept-extensions, not media type parameters
      }
      parameters.push([name, value.toLowerCase()]);
    }
    if (weight < 0) continue;
    const specificity = (type === "*" ? 0 : subtype === "*" ? 1 : 2) + parameters.length;
    ranges.push({ type, subtype, weight, specificity, parameters });
  }
  return ranges;
}

function parseOffer(mediaType: string): Offer {
  const semicolon = mediaType.indexOf(";");
  const essence = (semicolon === -1 ? mediaType : mediaType.slice(0, semicolon))
    .trim()
    .toLowerCase();
  const [type = "", subtype = ""] = essence.split("/");
  const parameters = new Map(
    semicolon === -1
      ? []
      : splitParameters(mediaType.slice(semicolon)).map(([n, v]) => [n, v.toLowerCase()]),
  );
  return { mediaType, type, subtype, parameters };
}

function matches(range: MediaRange, offer: Offer): boolean {
  if (range.type !== "*" && range.type !== offer.type) return false;
  if (range.subtype !== "*" && range.subtype !== offer.subtype) return false;
  return range.parameters.every(([name, value]) => offer.parameters.get(name) === value);
}

/** The weight the client gives an offer: that of the most specific range matching it (else 0). */
function weightOf(ranges: readonly MediaRange[], offer: Offer): number {
  let best: MediaRange | undefined;
  for (const range of ranges) {
    if (!matches(range, offer)) continue;
    if (best === undefined || range.specificity > best.specificity) best = range;
  }
  return best?.weight ?? 0;
}

/**
 * Compiles the negotiation of one route's produced media types (in order of the server's
 * preference): the returned function gives the media type to answer with, or undefined when
 * the client accepts none of them (a 406). No `Accept`, or `*\/*`, takes the first.
 */
export function compileNegotiation(
  produced: readonly string[],
): (accept: string | null) => string | undefined {
  const offers = produced.map(parseOffer);
  const first = produced[0];
  return (accept) => {
    if (accept === null || accept === "*/*" || accept.trim() === "") return first;
    const ranges = parseAccept(accept);
    // An Accept header with no valid range says nothing: answered as if absent.
    if (ranges.length === 0) return first;
    let chosen: string | undefined;
    let chosenWeight = 0;
    for (const offer of offers) {
      const weight = weightOf(ranges, offer);
      if (weight > chosenWeight) {
        chosen = offer.mediaType;
        chosenWeight = weight;
      }
    }
    return chosen;
  };
}

const token = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** True for a concrete media type a route can produce: `type/subtype` (no wildcard), with parameters. */
export function isConcreteMediaType(value: unknown): value is string {
  if (typeof value !== "string") return false;
  const semicolon = value.indexOf(";");
  const essence = semicolon === -1 ? value : value.slice(0, semicolon);
  const [type, subtype, extra] = essence.trim().split("/");
  return (
    extra === undefined &&
    type !== undefined &&
    subtype !== undefined &&
    token.test(type) &&
    token.test(subtype) &&
    type !== "*" &&
    subtype !== "*"
  );
}

// A `+json` structured syntax suffix on a well-formed `type/subtype`.
const jsonSuffix = /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+\+json$/;

/** True for JSON media types (`application/json` and any `+json`): those carry serialized values. */
export function isJsonMediaType(mediaType: string): boolean {
  const semicolon = mediaType.indexOf(";");
  const essence = (semicolon === -1 ? mediaType : mediaType.slice(0, semicolon))
    .trim()
    .toLowerCase();
  return essence === "application/json" || jsonSuffix.test(essence);
}

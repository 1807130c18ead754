/** What one part's header block says about it. */
export interface PartHead {
  /** The form field the part belongs to. */
  readonly name: string;
  /** Present (possibly empty) when the part is a file: the name the client gave it, as text only. */
  readonly filename: string | undefined;
  /** The declared Content-Type's essence in lower case, or undefined when none was declared. */
  readonly contentType: string | undefined;
}

// A parameter of Content-Disposition: a token, or a quoted string whose \-escapes are undone.
const parameter = /;\s*([!#$%&'*+.^_`|~0-9A-Za-z-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s"]*))/gy;

/** The `form-data` disposition's parameters, or undefined when it is something else. */
function disposition(value: string): Map<string, string> | undefined {
  const semicolon = value.indexOf(";");
  const type = (semicolon === -1 ? value : value.slice(0, semicolon)).trim().toLowerCase();
  if (type !== "form-data") return undefined;
  const parameters = new Map<string, string>();
  if (semicolon === -1) return parameters;
  const rest = value.slice(semicolon).trimEnd();
  parameter.lastIndex = 0;
  while (parameter.lastIndex < rest.length) {
    const match = parameter.exec(rest);
    if (match === null) return undefined;
    const key = (match[1] as string).toLowerCase();
    const text = match[2] !== undefined ? match[2].replace(/\\(.)/g, "$1") : (match[3] as string);
    // The first of a repeated parameter wins, as in browsers' and busboy's reading.
    if (!parameters.has(key)) parameters.set(key, text);
  }
  return parameters;
}

/**
 * Reads a part's header block (RFC 7578): its `Content-Disposition: form-data; name=...` with an
 * optional `filename`, and its `Content-Type`. Undefined when the block is not one we accept (no
 * form-data disposition, no name, a line without a colon or folded onto the previous one).
 * A filename is kept as the text the client sent; nothing ever uses it as a path.
 */
export function readPartHead(head: string): PartHead | undefined {
  let dispositionValue: string | undefined;
  let contentType: string | undefined;
  if (head.length > 0) {
    for (const line of head.split("\r\n")) {
      const colon = line.indexOf(":");
      if (colon <= 0 || line.charCodeAt(0) === 0x20 || line.charCodeAt(0) === 0x09)
        return undefined;
      const name = line.slice(0, colon).trim().toLowerCase();
      const value = line.slice(colon + 1).trim();
      if (name === "content-disposition") dispositionValue ??= value;
      else if (name === "content-type") contentType ??= value;
    }
  }
  if (dispositionValue === undefined) return undefined;
  const parameters = disposition(dispositionValue);
  const name = parameters?.get("name");
  if (parameters === undefined || name === undefined) return undefined;
  const essence = contentType?.split(";")[0]?.trim().toLowerCase();
  return {
    name,
    filename: parameters.get("filename"),
    contentType: essence === "" ? undefined : essence,
  };
}

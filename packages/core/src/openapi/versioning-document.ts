import type { Operation } from "../operation/operation.js";

// The documentation of `@Version` (with the header strategy) and `@Deprecated`, added to an
// operation object already built from the rest of the operation.

type Responses = Record<string, Record<string, unknown>>;

const unixSeconds = (date: Date) => `@${Math.floor(date.getTime() / 1000)}`;

function deprecationHeaders(operation: Operation): Record<string, unknown> | undefined {
  const policy = operation.deprecation;
  if (policy === undefined) return undefined;
  const deprecation: Record<string, unknown> = {
    description:
      "This operation is deprecated (RFC 9745): `@` and the Unix time in seconds when it was or will be deprecated.",
    schema: { type: "string", pattern: "^@-?[0-9]+$" },
  };
  if (policy.since !== undefined) deprecation.example = unixSeconds(policy.since);
  const headers: Record<string, unknown> = { Deprecation: deprecation };
  if (policy.sunset !== undefined) {
    headers.Sunset = {
      description: `When this operation stops being served (RFC 8594): ${policy.sunset.toUTCString()}.`,
      schema: { type: "string" },
      example: policy.sunset.toUTCString(),
    };
  }
  const links = [
    policy.link && `<${policy.link}>; rel="deprecation"`,
    policy.sunsetLink && `<${policy.sunsetLink}>; rel="sunset"`,
  ].filter((link): link is string => typeof link === "string");
  if (links.length > 0) {
    headers.Link = {
      description:
        'Where to read about the deprecation (`rel="deprecation"`, RFC 9745) and the sunset (`rel="sunset"`, RFC 8594).',
      schema: { type: "string" },
      example: links.join(", "),
    };
  }
  return headers;
}

/**
 * Adds what `@Version` and `@Deprecated` mean to an operation object: with the header strategy,
 * the version header parameter (required except for the default version) and the 400 a version
 * the app does not have gets; for a deprecated operation, the `Deprecation`, `Sunset` and `Link`
 * headers on every response (`deprecated: true` is set with the rest of the docs).
 */
export function documentVersioning(
  operation: Operation,
  object: Record<string, unknown>,
  problemContent: () => unknown,
): void {
  const { version } = operation;
  const responses = object.responses as Responses;
  if (version?.header !== undefined) {
    const parameter = {
      name: version.header,
      in: "header",
      required: !version.isDefault,
      description: version.isDefault
        ? `The API version: ${version.value}, the default, also when the header is absent.`
        : `The API version: ${version.value} for this operation.`,
      schema: { type: "string", enum: [version.value] },
    };
    object.parameters = [...((object.parameters as unknown[] | undefined) ?? []), parameter];
    responses["400"] ??= {
      description: `Bad Request: the ${version.header} header names no version of this API.`,
      content: problemContent(),
    };
  }
  const headers = deprecationHeaders(operation);
  if (headers !== undefined) {
    for (const response of Object.values(responses)) {
      response.headers = {
        ...(response.headers as Record<string, unknown> | undefined),
        ...headers,
      };
    }
  }
}

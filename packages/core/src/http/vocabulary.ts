// The words every floor of core shares: methods, input locations, body media types.

/** The HTTP methods a verb decorator can declare. */
export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "HEAD" | "OPTIONS";

/** Every `HttpMethod`, in the order an `Allow` header names them. */
export const httpMethods: readonly HttpMethod[] = [
  "GET",
  "HEAD",
  "POST",
  "PUT",
  "PATCH",
  "DELETE",
  "OPTIONS",
];

/** Where a string input comes from. */
export type ParameterLocation = "path" | "query" | "header" | "cookie";

/** Content codings a request body may be decoded from, when the app allows them. */
export type BodyEncoding = "gzip" | "deflate";

/** Media types a body binding can read. */
export type BodyContentType =
  | "application/json"
  | "application/x-www-form-urlencoded"
  | "multipart/form-data";

import { configError } from "../errors/core-config-error.js";
import {
  type RequestIdOptions,
  type RequestIdPolicy,
  requestIdPolicy,
} from "../http/request-id.js";

const headerName = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * `createApp({ requestId })`: by default (and with `false`) ids are made on demand and no answer
 * carries the header; `true` or options give every request one, echoed on every answer.
 */
export function parseRequestId(value: unknown): RequestIdPolicy | undefined {
  if (value === undefined || value === false) return undefined;
  if (value === true) return requestIdPolicy();
  const { header, generate, trust } = (value ?? {}) as RequestIdOptions;
  if (
    value === null ||
    typeof value !== "object" ||
    (header !== undefined && (typeof header !== "string" || !headerName.test(header))) ||
    (generate !== undefined && typeof generate !== "function") ||
    (trust !== undefined && typeof trust !== "boolean")
  ) {
    throw configError("INVALID_REQUEST_ID", [
      typeof value === "string" ? JSON.stringify(value) : String(value),
    ]);
  }
  return requestIdPolicy({ header, generate, trust } as RequestIdOptions);
}

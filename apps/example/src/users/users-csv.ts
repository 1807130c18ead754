import type { User } from "./user.js";

const columns = ["id", "name", "email"] as const;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break. A field that a
 * spreadsheet would run as a formula (starting with =, +, -, @, tab or carriage return) is
 * prefixed with a quote mark, so an exported name cannot execute in the reader's spreadsheet.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Users as CSV: a header line, then one line per user, lines ended by CRLF. */
export function usersCsv(users: Iterable<User>): string {
  let text = `${columns.join(",")}\r\n`;
  for (const user of users)
    text += `${columns.map((column) => csvField(user[column])).join(",")}\r\n`;
  return text;
}

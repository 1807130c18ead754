// Small Markdown helpers for the report.

/** What an absent figure shows as. */
export const DASH = "–";

/** What a figure that does not apply shows as (a scenario the target does not serve). */
export const NA = "n/a";

/** A number with fixed decimals, or a dash. */
export const fixed = (value: number | undefined, digits: number) =>
  value === undefined ? DASH : value.toFixed(digits);

/** A rounded number with thousands separators, or a dash. */
export const thousands = (value: number | undefined) =>
  value === undefined ? DASH : Math.round(value).toLocaleString("en-US");

/** pass, or a bold FAIL. */
export const verdict = (ok: boolean) => (ok ? "pass" : "**FAIL**");

/** Text safe inside a Markdown table cell or list item: one line, no pipes, bounded. */
export function oneLine(text: string, max = 300): string {
  const flat = text.replace(/\s+/g, " ").replaceAll("|", "\\|").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** A table: first column left-aligned, the others right-aligned. */
export function table(head: string[], rows: string[][]): string {
  return [
    `| ${head.join(" | ")} |`,
    `|${head.map((_, i) => (i === 0 ? "---" : "---:")).join("|")}|`,
    ...rows.map((row) => `| ${row.join(" | ")} |`),
  ].join("\n");
}

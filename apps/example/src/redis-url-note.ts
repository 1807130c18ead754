/**
 * The startup line about Redis: which server (`REDIS_URL`, without its password), or that
 * `REDIS_URL` is unset, naming a variable that looks like a typo of it (`REDIS_ULR`), since a
 * misspelt name silently leaves every instance on its own.
 *
 * @example
 * console.log(redisUrlNote(process.env)); // "Redis: redis://cache:6379 (REDIS_URL)"
 */
export function redisUrlNote(env: Record<string, string | undefined>): string {
  const value = env.REDIS_URL;
  if (value) return `Redis: ${withoutSecrets(value)} (REDIS_URL)`;
  const lookalikes = Object.keys(env).filter(
    (name) => name !== "REDIS_URL" && env[name] && closeTo(name.toUpperCase(), "REDIS_URL"),
  );
  const hint =
    lookalikes.length > 0 ? `; ${lookalikes.join(", ")} is set: did you mean REDIS_URL?` : "";
  return `Redis: not used (REDIS_URL is unset${hint})`;
}

/** The URL with no user or password (they would reach the logs). */
function withoutSecrets(value: string): string {
  const url = URL.parse(value);
  if (url === null) return "(not a URL)";
  url.username = "";
  url.password = "";
  return url.href;
}

/** True when `a` is `b` with at most two letters added, dropped, changed or swapped. */
function closeTo(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 2) return false;
  // Optimal string alignment distance (a swap of neighbours counts once).
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const row = d[i] as number[];
      const above = d[i - 1] as number[];
      row[j] = Math.min(above[j] + 1, row[j - 1] + 1, above[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        row[j] = Math.min(row[j] as number, (d[i - 2] as number[])[j - 2] + 1);
      }
    }
  }
  return (d[a.length] as number[])[b.length] <= 2;
}

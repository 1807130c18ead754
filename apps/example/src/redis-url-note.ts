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
  // Optimal string alignment distance (a swap of neighbours counts once), in one flat table.
  const width = b.length + 1;
  const d = new Array<number>((a.length + 1) * width).fill(0);
  const at = (i: number, j: number) => d[i * width + j] ?? 0;
  for (let i = 0; i <= a.length; i++) d[i * width] = i;
  for (let j = 0; j <= b.length; j++) d[j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, at(i - 2, j - 2) + 1);
      }
      d[i * width + j] = best;
    }
  }
  return at(a.length, b.length) <= 2;
}

// How much the fuzz suite does: `FUZZ_RUNS` per adapter and operation (default small, for `pnpm test`),
// `FUZZ_SEED` to replay a failing run (fast-check prints the seed it used).

const parsePositive = (value: string | undefined, fallback: number): number => {
  if (value === undefined || value === "") return fallback;
  const number = Number(value);
  if (!Number.isSafeInteger(number) || number < 1) {
    throw new Error(`FUZZ_RUNS must be a positive integer, not ${JSON.stringify(value)}`);
  }
  return number;
};

/** Generated requests per adapter and operation (`FUZZ_RUNS`, default 300). */
export const fuzzRuns = parsePositive(process.env.FUZZ_RUNS, 300);

/** A fixed fast-check seed (`FUZZ_SEED`), or undefined for a fresh one each run. */
export const fuzzSeed =
  process.env.FUZZ_SEED === undefined || process.env.FUZZ_SEED === ""
    ? undefined
    : Number(process.env.FUZZ_SEED);

/** Enough time for the large runs (`FUZZ_RUNS=2000`), a few milliseconds per request. */
export const fuzzTimeoutMs = 60_000 + fuzzRuns * 50;

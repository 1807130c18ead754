// Command-line options of `pnpm soak` (bench/soak.ts).

/** How a soak run is set up. */
export interface SoakOptions {
  /** Measured seconds (after the warm-up). */
  readonly durationSeconds: number;
  /** Unmeasured seconds first, so the server reaches its steady state. */
  readonly warmupSeconds: number;
  /** Concurrent connections; wrk runs one thread per connection (see soak/mix.lua). */
  readonly connections: number;
  /** Distinct e-mails valid POSTs use (bounds the table and the list; repeats are 409s). */
  readonly emailPool: number;
  /** Largest accepted RSS growth from the end of the warm-up to the end of the run (0.10 = 10%). */
  readonly maxRssGrowth: number;
  /** Report file, relative to bench/. */
  readonly out: string;
  /** The benchmark report whose "## Soak" section is replaced (relative to bench/). */
  readonly results: string;
}

export const defaultSoakOptions: SoakOptions = {
  durationSeconds: 60,
  warmupSeconds: 10,
  connections: 16,
  emailPool: 200,
  maxRssGrowth: 0.1,
  out: "SOAK.md",
  results: "RESULTS.md",
};

const usage = `bun soak.ts [--duration S] [--warmup S] [--connections N] [--email-pool N] [--max-rss-growth F] [--out FILE] [--results FILE]`;

const numeric: Record<string, keyof SoakOptions> = {
  "--duration": "durationSeconds",
  "--warmup": "warmupSeconds",
  "--connections": "connections",
  "--email-pool": "emailPool",
  "--max-rss-growth": "maxRssGrowth",
};

/** Parses `--name value` pairs; throws with the usage line for anything else. */
export function parseSoakArgs(argv: readonly string[]): SoakOptions {
  const options: Record<string, number | string> = { ...defaultSoakOptions };
  for (let index = 0; index < argv.length; index += 2) {
    const name = argv[index] as string;
    const value = argv[index + 1];
    if (value === undefined) throw new Error(`${name} needs a value\n${usage}`);
    const key = numeric[name];
    if (key !== undefined) {
      const number = Number(value);
      const integer = key !== "maxRssGrowth";
      if (!Number.isFinite(number) || number <= 0 || (integer && !Number.isSafeInteger(number))) {
        throw new Error(
          `${name} must be a positive ${integer ? "integer" : "number"}, not ${value}\n${usage}`,
        );
      }
      options[key] = number;
    } else if (name === "--out") options.out = value;
    else if (name === "--results") options.results = value;
    else throw new Error(`unknown option ${name}\n${usage}`);
  }
  return options as unknown as SoakOptions;
}

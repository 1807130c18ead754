import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

// The linters' own CLIs, pinned in this package's devDependencies; both run offline.
const bin = (name: string) => join(import.meta.dirname, "..", "..", "node_modules", ".bin", name);
const config = (name: string) => join(import.meta.dirname, "..", "lint", name);

/** One document to lint, named for the report. */
export interface NamedDocument {
  readonly name: string;
  readonly document: object;
}

function run(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      // Both exit non-zero when they find problems; no JSON on stdout means they did not run.
      if (stdout.trim().startsWith("{") || stdout.trim().startsWith("[")) resolve(stdout);
      else reject(new Error(`${command} did not run: ${error?.message ?? ""}\n${stderr}`));
    });
  });
}

interface SpectralResult {
  readonly code: string;
  readonly message: string;
  readonly severity: number;
  readonly path: readonly (string | number)[];
  readonly source?: string;
}

interface RedoclyReport {
  readonly problems: readonly {
    readonly ruleId: string;
    readonly severity: string;
    readonly message: string;
    readonly location: readonly {
      readonly source: { readonly ref: string };
      readonly pointer: string;
    }[];
  }[];
}

/**
 * Every problem Spectral (`spectral:oas`, errors and warnings) and Redocly (`recommended-strict`)
 * report on the documents, as `name: tool rule at pointer: message` lines. One run of each CLI
 * covers all documents. Empty means both linters are silent.
 */
export async function lintDocuments(documents: readonly NamedDocument[]): Promise<string[]> {
  const folder = await mkdtemp(join(tmpdir(), "trellis-lint-"));
  try {
    const files = documents.map((_document, index) => join(folder, `document-${index}.json`));
    await Promise.all(
      documents.map((item, index) =>
        writeFile(files[index] as string, JSON.stringify(item.document, null, 2)),
      ),
    );
    const nameOf = (file: string) => {
      const index = files.findIndex((candidate) => file.endsWith(candidate.slice(folder.length)));
      return documents[index]?.name ?? file;
    };
    const [spectral, redocly] = await Promise.all([
      run(bin("spectral"), [
        "lint",
        ...files,
        "--ruleset",
        config("spectral.yaml"),
        "--format",
        "json",
        "--quiet",
        "--fail-severity",
        "hint",
      ]),
      run(bin("redocly"), [
        "lint",
        ...files,
        "--config",
        config("redocly.yaml"),
        "--format",
        "json",
      ]),
    ]);
    const problems: string[] = [];
    for (const result of JSON.parse(spectral) as SpectralResult[]) {
      if (result.severity > 1) continue; // 0 error, 1 warning; info and hint are not counted
      problems.push(
        `${nameOf(result.source ?? "")}: spectral ${result.code} at /${result.path.join("/")}: ${result.message}`,
      );
    }
    // One pretty-printed report per file, written back to back: `...\n}{\n...`.
    const reports = redocly
      .trim()
      .split("\n}{")
      .map((part, index, parts) =>
        JSON.parse(`${index > 0 ? "{" : ""}${part}${index < parts.length - 1 ? "\n}" : ""}`),
      ) as RedoclyReport[];
    for (const problem of reports.flatMap((report) => report.problems)) {
      const where = problem.location[0];
      problems.push(
        `${nameOf(where?.source.ref ?? "")}: redocly ${problem.ruleId} (${problem.severity}) at ${where?.pointer ?? "?"}: ${problem.message}`,
      );
    }
    return problems.sort();
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

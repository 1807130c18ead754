import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { TrellisConfigError } from "../errors/trellis-config-error.js";
import type { OpenApiDocument } from "./openapi-options.js";
import { writeDocumentFile } from "./write-document-file.js";

const folder = mkdtempSync(join(tmpdir(), "trellis-write-"));
const document: OpenApiDocument = {
  openapi: "3.1.1",
  info: { title: "users", version: "2.0.0" },
  paths: { "/users": { get: { responses: { "200": { description: "OK" } } } } },
};

describe("writeDocumentFile", () => {
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it("writes JSON for .json, creating the folder", () => {
    const path = join(folder, "nested", "deeper", "openapi.json");
    writeDocumentFile(document, path);
    expect(JSON.parse(readFileSync(path, "utf8"))).toEqual(document);
  });

  it.each(["openapi.yaml", "openapi.yml", "OPENAPI.YML"])("writes YAML for %s", (name) => {
    const path = join(folder, name);
    writeDocumentFile(document, path);
    const text = readFileSync(path, "utf8");
    expect(text.trimStart().startsWith("{")).toBe(false);
    expect(parse(text)).toEqual(document);
  });

  it("rejects other extensions with OPENAPI_FILE_FAILED", () => {
    const path = join(folder, "openapi.txt");
    expect(() => writeDocumentFile(document, path)).toThrow(TrellisConfigError);
    expect(() => writeDocumentFile(document, path)).toThrow(
      /OPENAPI_FILE_FAILED.*openapi\.txt.*\.json, \.yaml or \.yml/,
    );
    expect(() => writeDocumentFile(document, join(folder, "openapi"))).toThrow(
      /OPENAPI_FILE_FAILED/,
    );
  });

  it("turns a failed write into OPENAPI_FILE_FAILED", () => {
    const blocker = join(folder, "not-a-folder");
    writeFileSync(blocker, "a file where a folder should be");
    const path = join(blocker, "openapi.json");
    let thrown: unknown;
    try {
      writeDocumentFile(document, path);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(TrellisConfigError);
    expect((thrown as TrellisConfigError).code).toBe("OPENAPI_FILE_FAILED");
    expect((thrown as Error).message).toContain(path);
  });
});

// API versions and deprecation in the example: GET /v2/users/{id} beside the deprecated
// GET /users/{id}, one document per version (lint-clean in every OpenAPI version), Swagger UI's
// version picker, and the breaking-change check of each version's document against the one
// committed in openapi/ (TRELLIS_UPDATE_OPENAPI=1 rewrites them, for an intended change).
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type AppOptions, buildDocument, type DocumentOptions } from "@trellis/core";
import { afterAll, describe, expect, it, vi } from "vitest";
import { demo, versionedApp } from "../../../docs/examples/versioning.ts";
import { createExampleApp } from "../src/app.js";
import { lintDocuments } from "./support/openapi-lint.js";

// What the example app was built from, so its version 2 document can be rebuilt in 3.1 and 3.2.
const built = vi.hoisted(() => new WeakMap<object, DocumentOptions>());
vi.mock(import("@trellis/core"), async (importOriginal) => {
  const core = await importOriginal();
  return {
    ...core,
    createApp: (options: AppOptions) => {
      const app = core.createApp(options);
      built.set(app, options);
      return app;
    },
  };
});

type Json = Record<string, any>;

const root = join(import.meta.dirname, "..", "..", "..");
const committedFolder = join(import.meta.dirname, "..", "openapi");
const app = createExampleApp({ databasePath: ":memory:" });
afterAll(() => app.close());
const send = (path: string, init?: RequestInit) =>
  app.fetch(new Request(`http://example.local${path}`, init));

describe("the example's API versions", () => {
  it("serves GET /v2/users/{id} in an envelope; the unversioned read is deprecated", async () => {
    await app.ready;
    const created = await send("/users", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Ada Lovelace", email: "ada.versions@example.com" }),
    });
    const user = (await created.json()) as Json;
    const v2 = await send(`/v2/users/${user.id}`);
    expect(await v2.json()).toEqual({ data: user });
    expect(v2.headers.get("deprecation")).toBeNull();

    const v1 = await send(`/users/${user.id}`);
    expect(v1.status).toBe(200);
    // 2026-11-01 and 2027-06-30, as declared on UserController.get.
    expect(v1.headers.get("deprecation")).toBe("@1793491200");
    expect(v1.headers.get("sunset")).toBe("Wed, 30 Jun 2027 00:00:00 GMT");
    expect(v1.headers.get("link")).toContain('rel="deprecation"');
    expect((await send("/v3/users/x")).status).toBe(404);
  });

  it("serves one document per version and gives Swagger UI a version picker", async () => {
    const operations = (document: Json) => Object.keys(document.paths);
    const v1 = (await (await send("/docs/v1/openapi.json")).json()) as Json;
    const v2 = (await (await send("/docs/v2/openapi.json")).json()) as Json;
    expect(v1).toEqual(await (await send("/docs/openapi.json")).json());
    expect(operations(v1)).not.toContain("/v2/users/{id}");
    expect(operations(v2)).toContain("/v2/users/{id}");
    expect(v1.paths["/users/{id}"].get.deprecated).toBe(true);
    expect(v1.paths["/users/{id}"].get.responses["200"].headers).toHaveProperty("Sunset");
    const script = await (await send("/docs/swagger-initializer.js")).text();
    expect(script).toContain('"urls.primaryName":"v1"');
    expect(script).toContain('{"url":"v2/openapi.json","name":"v2"}');
  });

  it("lints its v2 document and the guide's header-strategy documents in 3.0, 3.1, 3.2", async () => {
    const example = built.get(app) as DocumentOptions;
    // The guide's app with the header strategy: the version header parameter and its 400.
    const guide = built.get(versionedApp({ strategy: "header", default: "1" })) as DocumentOptions;
    const sources = [
      ["example", example, "2"],
      ["guide", guide, "1"],
      ["guide", guide, "2"],
    ] as const;
    const documents = (["3.0", "3.1", "3.2"] as const).flatMap((openapi) =>
      sources.map(([name, options, version]) => ({
        name: `${name} v${version} (${openapi})`,
        document: buildDocument(
          { ...options, openapi: { ...options.openapi, version: openapi, file: undefined } },
          { version },
        ),
      })),
    );
    const header = (documents[2] as { document: Json }).document.paths["/orders/{id}"].get
      .parameters;
    expect(header).toContainEqual(expect.objectContaining({ name: "api-version", in: "header" }));
    expect(await lintDocuments(documents)).toEqual([]);
  }, 120_000);
});

describe("the versioning guide's example (docs/examples/versioning.ts)", () => {
  it("answers each way of asking for a version as the guide says", async () => {
    const shown = await demo();
    expect(await shown.v1.json()).toEqual({ id: "7", status: "shipped" });
    expect(shown.v1.headers.get("deprecation")).toBe("@1767225600");
    expect(shown.v1.headers.get("sunset")).toBe("Thu, 31 Dec 2026 00:00:00 GMT");
    expect(shown.v1.headers.get("link")).toBe(
      '<https://example.com/docs/orders-v2>; rel="deprecation"',
    );
    expect(await shown.v2.json()).toEqual({ data: { id: "7", status: "shipped" } });
    expect(shown.v3.status).toBe(404);
    expect(await shown.header2.json()).toEqual({ data: { id: "7", status: "shipped" } });
    expect(shown.header2.headers.get("vary")).toBe("api-version");
    expect(shown.headerDefault.headers.get("deprecation")).toBe("@1767225600");
    expect(shown.headerUnknown.status).toBe(400);
    expect(await shown.headerUnknown.json()).toMatchObject({ supportedVersions: ["1", "2"] });
    expect(Object.keys(shown.documents)).toEqual(["1", "2"]);
    expect(Object.keys(((await shown.v2Document.json()) as Json).paths)).toEqual([
      "/v2/orders/{id}",
      "/health",
    ]);
  });
});

describe("the breaking-change check against the committed documents", () => {
  const folder = mkdtempSync(join(tmpdir(), "trellis-breaking-"));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it.each(["1", "2"])("finds version %s's generated document compatible", (version) => {
    const committed = join(committedFolder, `v${version}.json`);
    const text = `${JSON.stringify(app.documents[version], null, 2)}\n`;
    if (process.env.TRELLIS_UPDATE_OPENAPI === "1") {
      writeFileSync(committed, text);
      // As the repository's formatter keeps JSON, so lint stays clean.
      execFileSync(join(root, "node_modules", ".bin", "biome"), ["format", "--write", committed]);
    }
    expect(existsSync(committed), `${committed}: run with TRELLIS_UPDATE_OPENAPI=1`).toBe(true);
    const generated = join(folder, `v${version}.json`);
    writeFileSync(generated, text);
    const check = spawnSync(
      process.execPath,
      [join(root, "scripts", "check-breaking.mjs"), committed, generated],
      { encoding: "utf8" },
    );
    expect(check.stderr).toBe("");
    expect(check.status).toBe(0);
  });

  it("fails on a seeded breaking change: the v2 read loses its user's e-mail", () => {
    const committed = join(committedFolder, "v2.json");
    const broken = structuredClone(JSON.parse(readFileSync(committed, "utf8"))) as Json;
    const user = broken.components.schemas.User;
    user.properties = Object.fromEntries(
      Object.entries(user.properties).filter(([name]) => name !== "email"),
    );
    user.required = user.required.filter((name: string) => name !== "email");
    const generated = join(folder, "v2-broken.json");
    writeFileSync(generated, JSON.stringify(broken));
    let output = "";
    let status = 0;
    try {
      execFileSync(
        process.execPath,
        [join(root, "scripts", "check-breaking.mjs"), committed, generated],
        {
          encoding: "utf8",
          stdio: "pipe",
        },
      );
    } catch (error) {
      const failed = error as { status: number; stderr: string };
      status = failed.status;
      output = failed.stderr;
    }
    expect(status).toBe(1);
    expect(output).toContain(
      "GET /v2/users/{id} response 200 (application/json)/data/allOf/0/email: property removed",
    );
  });
});

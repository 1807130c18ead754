import type {
  IssueCode,
  JsonSchema,
  SchemaAdapter,
  SchemaTarget,
  UnknownPropertyPolicy,
  ValidationResult,
} from "@trellis/core/extend";
import { describe, expect, it } from "vitest";
import { compileThroughCore, compileThroughCoreAsync, SchemaRegistry } from "../core-internals.js";
import { corpus } from "./corpus.js";
import { type CorpusCase, inputOf, type Path, prototypeKeys, withoutPaths } from "./corpus-case.js";
import { runDeclaredResponseConformance } from "./declared-responses.js";
import { runDocumentConformance } from "./document-conformance.js";
import {
  type ConformanceFixtures,
  type DocumentFixtures,
  expectedComponents,
  type ShapeName,
} from "./fixtures.js";
import { createOracle } from "./json-schema-oracle.js";
import { expectWellFormed, pollutionReachable, referencesIn, toJson } from "./result-checks.js";
import { runUploadConformance } from "./uploads.js";

/** What each adapter hands the suite: its factory and its fixtures. */
export interface ConformanceOptions {
  /** The adapter factory; the suite calls it with no arguments and with `unknownProperties`. */
  readonly create: (options?: { unknownProperties?: UnknownPropertyPolicy }) => SchemaAdapter;
  readonly fixtures: ConformanceFixtures;
  /**
   * The shapes only the document suite uses; the four first-party adapters give them (an adapter
   * run without them skips the document suite).
   */
  readonly documents?: DocumentFixtures;
  /**
   * Whether the adapter, with its library's defaults, reports at most one issue per path; if so the
   * suite asserts it for every rejected input. An adapter whose library reports every failed
   * check of a value (Zod's checks, Valibot's pipe actions, TypeBox's error iterator) says false.
   */
  readonly oneIssuePerPath: boolean;
}

/**
 * The issue codes every adapter promises alike (core's `IssueCode`), whatever its library calls
 * the problem. Every other code is the library's own and differs between adapters (a wrong type is
 * `isString`, `String`, `invalid_type` or `string`), so the suite asserts only these.
 */
export const sharedCodes = {
  /** An undeclared property under the "reject" policy, reported at that property. */
  unknownProperty: "unknown_property",
  /** Validation threw (user code): one issue at the root, nothing of why. */
  validationException: "validation_exception",
} as const satisfies Record<string, IssueCode>;

const isSharedCode = (code: string | undefined) =>
  code === sharedCodes.unknownProperty || code === sharedCodes.validationException;

const targets: readonly SchemaTarget[] = ["body", "path", "query", "header", "cookie", "response"];
const targetOf = (shape: ShapeName): SchemaTarget => (shape === "search" ? "query" : "body");
const isUnder = (path: readonly unknown[], prefix: Path) =>
  prefix.every((key, index) => path[index] === key);

/**
 * The shared adapter conformance suite: every adapter runs it on its own fixtures of the same
 * shapes and must make the corpus's decisions, strip (or reject, or keep) unknown properties, and
 * emit JSON Schema that an independent validator reads the same way.
 */
export function runAdapterConformance({
  create,
  fixtures,
  documents,
  oneIssuePerPath,
}: ConformanceOptions): void {
  if (documents) runDocumentConformance(create(), fixtures, documents);
  const adapter = create();
  const rejecting = create({ unknownProperties: "reject" });
  const registry = new SchemaRegistry();
  const oracleFor = createOracle(registry);
  const shapes = Object.keys(corpus) as ShapeName[];

  describe(`${adapter.name} adapter conformance`, () => {
    runUploadConformance(create, fixtures.upload);
    runDeclaredResponseConformance(create, fixtures);

    it("is a complete adapter when created with no arguments", () => {
      expect(typeof adapter.name).toBe("string");
      expect(adapter.name.length).toBeGreaterThan(0);
      for (const member of ["isSchema", "compile", "toJsonSchema"] as const) {
        expect(typeof adapter[member]).toBe("function");
      }
    });

    it("recognises its own schemas and nothing else", () => {
      for (const shape of [...shapes, "throwing" as const]) {
        expect(adapter.isSchema(fixtures[shape]), shape).toBe(true);
      }
      class Plain {}
      const others = ["id", "", 42, null, undefined, {}, [], () => 1, Plain, { type: "string" }];
      for (const value of others) expect(adapter.isSchema(value)).toBe(false);
    });

    it("compiles every shape for every target", () => {
      for (const shape of shapes) {
        for (const target of targets) {
          expect(typeof compileThroughCore(adapter, fixtures[shape], { target })).toBe("function");
        }
      }
    });

    it("registers named models as components", () => {
      for (const [shape, name] of [
        ["createUser", expectedComponents.createUser],
        ["user", expectedComponents.user],
      ] as const) {
        expect(registry.fromAdapter(adapter, fixtures[shape])).toEqual(SchemaRegistry.ref(name));
        expect(registry.get(name)?.properties).toHaveProperty("email");
      }
      const shipment = registry.fromAdapter(adapter, fixtures.shipment);
      expect(referencesIn(registry.resolve(shipment))).toContain(expectedComponents.address);
      expect(registry.get(expectedComponents.address)?.properties).toHaveProperty("street");
      const cart = registry.fromAdapter(adapter, fixtures.cart);
      expect(referencesIn(registry.resolve(cart))).toContain(expectedComponents.lineItem);
      expect(registry.get(expectedComponents.lineItem)?.properties).toHaveProperty("quantity");
    });

    // Awaited: a Standard Schema library may answer a throw with a rejected promise (Zod does).
    it("turns an exception thrown by user code into a generic issue", async () => {
      const validate = compileThroughCoreAsync(adapter, fixtures.throwing, { target: "body" });
      expect(await validate({ name: "fine" })).toMatchObject({ ok: true, value: { name: "fine" } });
      const result = await validate({ name: "boom" });
      expect(result.ok).toBe(false);
      expectWellFormed(result);
      expect(result.ok ? [] : result.issues, "one validation_exception issue at the root").toEqual([
        expect.objectContaining({ path: [], code: sharedCodes.validationException }),
      ]);
      expect(JSON.stringify(result)).not.toMatch(/boom|Error|at /);
    });

    it("lets the compile option override the factory option", () => {
      const input = { name: "Ada", email: "ada@example.com", role: "admin" };
      const strip = compileThroughCore(rejecting, fixtures.createUser, {
        target: "body",
        unknownProperties: "strip",
      });
      expect(toJson(strip(input))).toEqual({
        ok: true,
        value: { name: "Ada", email: "ada@example.com" },
      });
      expect(compileThroughCore(rejecting, fixtures.createUser, { target: "body" })(input).ok).toBe(
        false,
      );
    });

    for (const shape of shapes) {
      describe(shape, () => {
        const schema = fixtures[shape];
        const target = targetOf(shape);
        const validate = compileThroughCore(adapter, schema, { target });
        const policies = {
          reject: compileThroughCore(adapter, schema, { target, unknownProperties: "reject" }),
          keep: compileThroughCore(adapter, schema, { target, unknownProperties: "keep" }),
          rejectByFactory: compileThroughCore(rejecting, schema, { target }),
        };
        let jsonSchema: JsonSchema | undefined;
        const schemaOf = () => {
          jsonSchema ??= registry.fromAdapter(adapter, schema);
          return jsonSchema;
        };

        it("emits plain JSON Schema whose references all resolve", () => {
          const emitted = schemaOf();
          expect(JSON.parse(JSON.stringify(emitted))).toStrictEqual(emitted);
          for (const [name, component] of registry.entries()) {
            expect(component.$schema, name).toBeUndefined();
            expect(component.$id, name).toBeUndefined();
            for (const inner of referencesIn(component))
              expect(registry.get(inner), inner).toBeDefined();
          }
          for (const name of referencesIn(emitted)) expect(registry.get(name), name).toBeDefined();
        });

        it.each(corpus[shape].map((testCase) => [testCase.label, testCase] as const))(
          "%s",
          (_label, testCase: CorpusCase) => {
            const input = inputOf(testCase);
            const before = JSON.stringify(input);
            const result = validate(input);
            expectWellFormed(result);
            expect(JSON.stringify(input), "the input must not be mutated").toBe(before);
            expect(result.ok, "the corpus decision").toBe(testCase.valid);
            expect(oracleFor(schemaOf())(inputOf(testCase)), "the JSON Schema's decision").toBe(
              testCase.valid,
            );
            if (!result.ok) {
              expectIssueAt(result, testCase.issueAt);
              expectNoSharedCode(result);
              const rejected = policies.reject(inputOf(testCase));
              expect(rejected.ok).toBe(false);
              if (oneIssuePerPath) {
                expectOneIssuePerPath(result);
                expectOneIssuePerPath(rejected);
              }
              return;
            }
            const unknown = testCase.unknown ?? [];
            expect(toJson(result.value), "unknown properties stripped").toEqual(
              withoutPaths(input, unknown),
            );
            expect(pollutionReachable(result.value)).toBe(false);
            expect(({} as Record<string, unknown>).polluted).toBeUndefined();
            checkOtherPolicies(policies, testCase, unknown);
          },
        );
      });
    }
  });
}

function expectIssueAt(result: ValidationResult, at: Path | undefined): void {
  if (result.ok || !at) return;
  const paths = result.issues.map((issue) => issue.path);
  expect(
    paths.some((path) => isUnder(path, at)),
    `an issue under ${JSON.stringify(at)}; got ${JSON.stringify(paths)}`,
  ).toBe(true);
}

/**
 * A rejection under the default policy has a cause of the library's own (a type, a bound, a
 * format, a missing property): it must not borrow a shared code, which means something else.
 */
function expectNoSharedCode(result: ValidationResult): void {
  if (result.ok) return;
  const borrowed = result.issues.filter((issue) => isSharedCode(issue.code));
  expect(borrowed, "no shared issue code for a library's own cause").toEqual([]);
}

/**
 * Under the "reject" policy every undeclared property gets an `unknown_property` issue at exactly
 * its path, and that code is used for nothing else.
 */
function expectUnknownPropertyIssues(result: ValidationResult, unknown: readonly Path[]): void {
  const issues = result.ok ? [] : result.issues;
  for (const extra of unknown) {
    expect(
      issues.some(
        (issue) =>
          issue.code === sharedCodes.unknownProperty &&
          JSON.stringify(issue.path) === JSON.stringify(extra),
      ),
      `an unknown_property issue at ${JSON.stringify(extra)}; got ${JSON.stringify(issues)}`,
    ).toBe(true);
  }
  for (const issue of issues.filter((each) => each.code === sharedCodes.unknownProperty)) {
    expect(
      unknown.some((extra) => JSON.stringify(extra) === JSON.stringify(issue.path)),
      `unknown_property only at an undeclared property; got it at ${JSON.stringify(issue.path)}`,
    ).toBe(true);
  }
}

function expectOneIssuePerPath(result: ValidationResult): void {
  if (result.ok) return;
  const paths = result.issues.map((issue) => JSON.stringify(issue.path));
  const repeated = paths.filter((path, index) => paths.indexOf(path) !== index);
  expect(repeated, `at most one issue per path; got ${JSON.stringify(result.issues)}`).toEqual([]);
}

type Compiled = (input: unknown) => ValidationResult;

function checkOtherPolicies(
  policies: { reject: Compiled; keep: Compiled; rejectByFactory: Compiled },
  testCase: CorpusCase,
  unknown: readonly Path[],
): void {
  for (const reject of [policies.reject, policies.rejectByFactory]) {
    const rejected = reject(inputOf(testCase));
    expectWellFormed(rejected);
    if (unknown.length === 0) {
      expect(toJson(rejected)).toEqual(toJson({ ok: true, value: inputOf(testCase) }));
    } else {
      expect(rejected.ok, "rejected under the reject policy").toBe(false);
      const paths = rejected.ok ? [] : rejected.issues.map((issue) => issue.path);
      expect(
        paths.some((path) => unknown.some((extra) => isUnder(path, extra))),
        `an issue at an unknown property; got ${JSON.stringify(paths)}`,
      ).toBe(true);
      expectUnknownPropertyIssues(rejected, unknown);
    }
  }
  // Prototype keys may be dropped even when keeping: no library copies them onto its output.
  const keepable = unknown.every((path) => !path.some((key) => prototypeKeys.has(String(key))));
  if (keepable) {
    const kept = policies.keep(inputOf(testCase));
    expect(toJson(kept), "unknown properties kept").toEqual(
      toJson({ ok: true, value: inputOf(testCase) }),
    );
  }
}

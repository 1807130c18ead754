import { describe, expect, it } from "vitest";
import {
  compileNegotiation,
  isConcreteMediaType,
  isJsonMediaType,
  parseAccept,
} from "./negotiate.js";

describe("compileNegotiation", () => {
  const negotiate = compileNegotiation(["application/json", "text/csv"]);

  it("takes the first produced type without Accept, with */* and with an empty header", () => {
    expect(negotiate(null)).toBe("application/json");
    expect(negotiate("*/*")).toBe("application/json");
    expect(negotiate("  ")).toBe("application/json");
  });

  it("honours the client's order of preference through q-values", () => {
    expect(negotiate("text/csv")).toBe("text/csv");
    expect(negotiate("application/json;q=0.5, text/csv")).toBe("text/csv");
    expect(negotiate("application/json, text/csv;q=0.9")).toBe("application/json");
    expect(negotiate("text/*;q=0.8, application/json;q=0.2")).toBe("text/csv");
  });

  it("keeps the server's order when the client weighs two offers the same", () => {
    expect(negotiate("text/csv, application/json")).toBe("application/json");
  });

  it("lets the most specific range decide an offer's weight (q=0 refuses it)", () => {
    expect(negotiate("*/*;q=0.1, application/json;q=0")).toBe("text/csv");
    expect(negotiate("text/*, text/csv;q=0, application/*;q=0.5")).toBe("application/json");
  });

  it("answers undefined when nothing produced is acceptable (a 406)", () => {
    expect(negotiate("image/png")).toBeUndefined();
    expect(negotiate("text/html, application/xml;q=0.9")).toBeUndefined();
    expect(negotiate("application/json;q=0, text/csv;q=0")).toBeUndefined();
  });

  it("is case-insensitive and matches parameters of the range", () => {
    expect(negotiate("TEXT/CSV")).toBe("text/csv");
    const versioned = compileNegotiation(["application/json; version=2", "text/plain"]);
    expect(versioned("application/json;version=2")).toBe("application/json; version=2");
    expect(versioned("application/json;version=1")).toBeUndefined();
  });

  it("ignores ranges that do not parse, and an Accept made only of them", () => {
    expect(negotiate("garbage, text/csv")).toBe("text/csv");
    expect(negotiate("garbage;;;")).toBe("application/json");
    expect(negotiate("text/csv;q=2")).toBe("application/json");
    expect(negotiate("*/csv")).toBe("application/json");
  });
});

describe("parseAccept", () => {
  it("reads weights and specificity", () => {
    expect(parseAccept("text/html;level=1;q=0.7, */*;q=0.001")).toEqual([
      { type: "text", subtype: "html", weight: 700, specificity: 3, parameters: [["level", "1"]] },
      { type: "*", subtype: "*", weight: 1, specificity: 0, parameters: [] },
    ]);
  });
});

describe("media type predicates", () => {
  it("accept concrete media types only", () => {
    expect(isConcreteMediaType("text/csv")).toBe(true);
    expect(isConcreteMediaType("text/plain; charset=utf-8")).toBe(true);
    expect(isConcreteMediaType("text/*")).toBe(false);
    expect(isConcreteMediaType("csv")).toBe(false);
    expect(isConcreteMediaType("a/b/c")).toBe(false);
    expect(isConcreteMediaType(42)).toBe(false);
  });

  it("tell JSON media types", () => {
    expect(isJsonMediaType("application/json")).toBe(true);
    expect(isJsonMediaType("application/problem+json; charset=utf-8")).toBe(true);
    expect(isJsonMediaType("text/csv")).toBe(false);
  });
});

describe("negotiation, the parts a mutation run found untested", () => {
  const pick = (produced: string[], accept: string) => compileNegotiation(produced)(accept);

  it("compares parameters case-insensitively, unquoted, and ignores malformed ones", () => {
    const html = ["text/html;level=abc"];
    expect(pick(html, "text/html;level=ABC")).toBe("text/html;level=abc");
    expect(pick(html, 'text/html; level= "abc"')).toBe("text/html;level=abc");
    expect(pick(["text/html;level=v2"], 'text/html;level="v2"')).toBe("text/html;level=v2");
    expect(pick(["text/html;level=v2"], 'text/html;level="v3"')).toBeUndefined();
    // A parameter without "=" or without a name is no parameter: the range still matches.
    expect(pick(["application/json"], "application/json;flag")).toBe("application/json");
    expect(pick(["application/json"], "application/json;=x")).toBe("application/json");
  });

  it("ignores ranges without a type or a subtype, and answers as if Accept said nothing", () => {
    expect(pick(["application/json"], "/json")).toBe("application/json");
    expect(pick(["application/json"], "application/")).toBe("application/json");
  });

  it("matches the type as well as the subtype", () => {
    expect(pick(["application/json"], "text/json")).toBeUndefined();
  });

  it("weighs an offer by its most specific range, the first of equal ones", () => {
    expect(pick(["text/html", "text/plain"], "text/html;q=0.1, text/*;q=0.9")).toBe("text/plain");
    expect(
      pick(
        ["text/html", "application/json"],
        "text/html;q=0.2, text/html;q=0.8, application/json;q=0.5",
      ),
    ).toBe("application/json");
  });

  it("reads concrete and JSON media types around spaces, refusing a wildcard type", () => {
    expect(isConcreteMediaType("text/x")).toBe(true);
    expect(isConcreteMediaType(" text/html ; charset=utf-8")).toBe(true);
    expect(isConcreteMediaType("*/html")).toBe(false);
    expect(isJsonMediaType(" application/json ; charset=utf-8")).toBe(true);
  });
});

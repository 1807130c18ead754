import "reflect-metadata";
import { compileThroughCore } from "@trellis/testing";
import { IsString, isEmail, length, registerDecorator } from "class-validator";
import { describe, expect, it } from "vitest";
import { seeded } from "./compiled-model.fixtures.js";
import { classValidator } from "./index.js";
import { knownCheck, plainEmail } from "./known-constraints.js";

const predicate = (name: string, constraints: unknown[]) => {
  const check = knownCheck(name, constraints);
  if (check === undefined) throw new Error(`no compiled check for ${name}`);
  return new Function("binding", `return (value) => ${check.expression("value", "binding")};`)(
    check.binding,
  ) as (value: unknown) => boolean;
};

function stringsOf(pieces: readonly string[], count: number, seed: number, most = 8): string[] {
  const random = seeded(seed);
  return Array.from({ length: count }, () => {
    let text = "";
    const size = Math.floor(random() * most);
    for (let n = 0; n < size; n++) text += pieces[Math.floor(random() * pieces.length)];
    return text;
  });
}

describe("the compiled form of built-in constraints", () => {
  it("takes as plain only addresses validator.js's isEmail accepts", () => {
    const local = ["a", "a", "a", "Z", "0", "_", "+", "-", ".", "é", "!", " ", "@"];
    const host = ["b", "b", "b", "io", "-", ".", "9", "xn--p1ai", "\uFF21", "_"];
    const locals = stringsOf(local, 8000, 11, 5);
    const hosts = stringsOf(host, 8000, 12, 4);
    const tlds = [".io", ".com", ".c1", ".x", ""];
    let plain = 0;
    for (const [index, user] of locals.entries()) {
      const address = `${user}@${hosts[index]}${tlds[index % tlds.length]}`;
      if (address.length > 254 || !plainEmail.test(address)) continue;
      plain += 1;
      expect(isEmail(address), address).toBe(true);
    }
    expect(plain).toBeGreaterThan(200);
    // The limits validator.js counts: 64 before the @, 63 per label.
    const email = predicate("isEmail", []);
    for (const address of [
      `${"a".repeat(65)}@x.io`,
      `a@${"b".repeat(64)}.io`,
      "a@-b.io",
      "a@b.12",
    ]) {
      expect([email(address), isEmail(address)]).toEqual([false, false]);
    }
    expect(email(`${"a".repeat(64)}@${"b".repeat(63)}.io`)).toBe(true);
  });

  it("counts lengths as validator.js's isLength (surrogate pairs and variation selectors)", () => {
    const pieces = ["a", "\uD83D\uDE00", "\uFE0F", "\uFE0E", "\uD83D", "\uDE00"];
    const bounds: [number, number][] = [
      [0, 0],
      [1, 1],
      [1, 3],
      [2, 6],
      [3, 20],
    ];
    for (const [min, max] of bounds) {
      const compiled = predicate("isLength", [min, max]);
      for (const text of stringsOf(pieces, 600, min * 31 + max)) {
        expect(compiled(text), JSON.stringify(text)).toBe(length(text, min, max));
      }
    }
  });

  it("leaves a user's constraint registered under a built-in's name to its own validator", () => {
    function IsShout(target: object, propertyName: string): void {
      registerDecorator({
        name: "isString",
        target: target.constructor,
        propertyName,
        validator: { validate: (value: unknown) => value === "HEY" },
      });
    }
    class Greeting {
      @IsShout word!: string;
      @IsString() name!: string;
    }
    const validate = compileThroughCore(classValidator(), Greeting, { target: "body" });
    expect(validate({ word: "hey", name: "Ada" }).ok).toBe(false);
    expect(validate({ word: "HEY", name: "Ada" }).ok).toBe(true);
  });
});

import "reflect-metadata";
import { Type } from "class-transformer";
import {
  ArrayMaxSize,
  ArrayMinSize,
  Equals,
  IsArray,
  IsBoolean,
  IsDefined,
  IsEmail,
  IsEnum,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsNumber,
  IsObject,
  IsOptional,
  IsRFC3339,
  IsString,
  IsUUID,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateIf,
  ValidateNested,
} from "class-validator";

enum Color {
  Red = "red",
  Green = "green",
}

enum Level {
  Low = 1,
  High = 3,
}

export class Tag {
  @IsString() @Length(1, 8) label!: string;
  @IsOptional() @IsIn(["a", "b", 1]) kind?: string | number;
}

/** Every decorator the compiled models write inline or call directly, on one class. */
export class Everything {
  @IsString() @MinLength(2) @MaxLength(6) name!: string;
  @IsString() @Length(0, 3) short!: string;
  @IsEmail() email!: string;
  @IsUUID() id!: string;
  @IsRFC3339() at!: string;
  @Matches(/^[a-z]+$/) slug!: string;
  @IsNotEmpty() note!: string;
  @Equals("v1") version!: string;
  @IsInt() @Min(-5) @Max(5) small!: number;
  @IsNumber() @Min(0) @Max(1.5) ratio!: number;
  @IsBoolean() flag!: boolean;
  @IsEnum(Color) color!: Color;
  @IsEnum(Level) level!: Level;
  @IsIn(["x", 2, null]) choice!: string | number | null;
  @IsArray() @ArrayMinSize(1) @ArrayMaxSize(3) @IsInt({ each: true }) counts!: number[];
  @IsDefined() present!: unknown;
  @IsOptional() @IsString() maybe?: string;
  @ValidateIf((object: Everything) => object.flag === true) @IsString() whenFlag?: string;
  @IsObject() @ValidateNested() @Type(() => Tag) tag!: Tag;
  @IsOptional() @ValidateNested({ each: true }) @Type(() => Tag) tags?: Tag[];
}

/** A tree, compiled through its own placeholder. */
export class Node {
  @IsString() @IsNotEmpty() name!: string;
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(2)
  @ValidateNested({ each: true })
  @Type(() => Node)
  children?: Node[];
}

/** A constraint the compiled models do not write (decimal places): the class stays general. */
export class Priced {
  @IsNumber({ maxDecimalPlaces: 2 }) price!: number;
}

/** Values every property is tried with, besides its own. */
const anything: readonly unknown[] = [
  null,
  "",
  "a",
  "ab",
  "abcdef",
  "abcdefg",
  "\uD83D\uDE00\uD83D\uDE00\uD83D\uDE00",
  "a\uFE0F\uFE0F",
  "x",
  "red",
  "v1",
  0,
  -0,
  1,
  2,
  3,
  5,
  6,
  -6,
  1.5,
  1.25,
  2 ** 53,
  true,
  false,
  [],
  [1],
  [1, 2, 3, 4],
  ["a"],
  {},
  { label: "x" },
];

/** Each property's valid values. */
const valid: Record<string, readonly unknown[]> = {
  name: ["ab", "abcdef", "a\uD83D\uDE00", "a\uFE0Fb"],
  short: ["", "abc", "\uD83D\uDE00\uD83D\uDE00"],
  email: ["ada@example.com", "a.b@sub.example.org"],
  id: ["123e4567-e89b-42d3-a456-426614174000"],
  at: ["2026-12-02T14:00:00Z", "2026-12-02T14:00:00.5+01:00"],
  slug: ["abc", "z"],
  note: ["n", " ", 0],
  version: ["v1"],
  small: [-5, 0, 5],
  ratio: [0, 1.5, 0.75],
  flag: [true, false],
  color: ["red", "green"],
  level: [1, 3],
  choice: ["x", 2, null],
  counts: [[1], [1, 2, 3], [-4, 0]],
  present: [0, "", false],
  maybe: ["m", null],
  whenFlag: ["w"],
  label: ["l", "12345678", "\uD83D\uDE00"],
  kind: ["a", "b", 1],
};

/** Each property's values just past a bound or of a near type. */
const edges: Record<string, readonly unknown[]> = {
  name: [
    "a",
    "abcdefg",
    "\uD83D\uDE00",
    "a\uD83D\uDE00\uD83D\uDE00\uD83D\uDE00\uD83D\uDE00\uD83D\uDE00",
  ],
  short: ["abcd", "\uD83D\uDE00\uD83D\uDE00\uD83D\uDE00\uD83D\uDE00"],
  email: ["ada@localhost", "@example.com", "ada@@example.com"],
  id: ["123e4567-e89b-42d3-a456-42661417400", "123E4567-E89B-42D3-A456-426614174000"],
  at: ["2026-12-02", "2026-13-02T14:00:00Z"],
  slug: ["ab-c", "ABC", ""],
  note: [""],
  version: ["v2", "V1"],
  small: [4.5, -5.5, 6, -6, "1"],
  ratio: [1.51, -0.01, "1", Number.POSITIVE_INFINITY],
  flag: ["true", 0, 1],
  color: ["Red", "blue"],
  level: [2, "Low", "1", "High"],
  choice: ["2", "X", 0],
  counts: [[1.5], [2 ** 53], ["1"], [1, 2, 3, 4], [], [null]],
  present: [null, {}],
  maybe: [5, ""],
  whenFlag: [5, null],
  label: ["", "123456789", 5],
  kind: ["c", 2, null],
};

/** A small, seeded pseudo-random source: the same inputs on every run. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;
const pick = <T>(random: Random, values: readonly T[]): T =>
  values[Math.floor(random() * values.length)] as T;

function valueFor(random: Random, name: string, depth: number, clean: boolean): unknown {
  const roll = clean ? random() * 0.85 : random();
  if (name === "tag" && roll < 0.8) return tagInput(random);
  if (name === "tags" && roll < 0.7)
    return Array.from({ length: pick(random, [0, 1, 2]) }, () => tagInput(random));
  if (name === "children" && roll < 0.6 && depth < 3) {
    return Array.from({ length: pick(random, [0, 1, 2, 3]) }, () => nodeInput(random, depth + 1));
  }
  const good = valid[name] ?? [];
  if (roll < 0.85 && good.length > 0) return pick(random, good);
  const near = edges[name] ?? [];
  return roll < 0.95 && near.length > 0 ? pick(random, near) : pick(random, anything);
}

/** An object of the given keys: most present, some absent, sometimes an undeclared key or another order. */
function objectOf(random: Random, keys: readonly string[], depth: number): Record<string, unknown> {
  // Some inputs are valid throughout (nested ones may still not be), the others mostly valid.
  const clean = random() < 0.4;
  const present = keys.filter(() => clean || random() > 0.02);
  if (random() < 0.1) present.reverse();
  const input: Record<string, unknown> = {};
  for (const key of present) input[key] = valueFor(random, key, depth, clean);
  if (random() < 0.2) {
    const key = pick(random, ["extra", "internalCode", "toString", "__proto__"]);
    Object.defineProperty(input, key, {
      value: 1,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return input;
}

const tagInput = (random: Random) => objectOf(random, ["label", "kind"], 0);
const nodeInput = (random: Random, depth: number) => objectOf(random, ["name", "children"], depth);

/** Inputs for `Everything`, most of them valid or one property away from it. */
export function everythingInputs(count: number, seed: number): Record<string, unknown>[] {
  const random = seeded(seed);
  const keys = Object.keys(valid).filter((key) => key !== "label" && key !== "kind");
  keys.push("tag", "tags");
  return Array.from({ length: count }, () => objectOf(random, keys, 0));
}

/** Inputs for `Node`, trees up to four levels deep. */
export function nodeInputs(count: number, seed: number): Record<string, unknown>[] {
  const random = seeded(seed);
  return Array.from({ length: count }, () => nodeInput(random, 0));
}

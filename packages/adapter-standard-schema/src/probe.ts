import { toStandardJsonSchema } from "@valibot/to-json-schema";
import { scope, type } from "arktype";
import * as v from "valibot";

const show = (label: string, f: () => unknown) => {
  try {
    console.log(label, JSON.stringify(f()));
  } catch (e) {
    console.log(label, "THROWS", (e as Error).message);
  }
};
const Address = type({ street: "string > 0" }).configure({ id: "Address" } as never);
const S = type({ recipient: "string", address: Address });
show("ark nested", () => S["~standard"].jsonSchema.input({ target: "draft-2020-12" }));
const Address2 = type({ street: "string > 0" }).describe("an address");
show("ark described", () =>
  type({ a: Address2 })["~standard"].jsonSchema.input({ target: "draft-2020-12" }),
);
const sc = scope({ Address: { street: "string" }, Ship: { address: "Address" } }).export();
show("ark scope", () => sc.Ship["~standard"].jsonSchema.input({ target: "draft-2020-12" }));
const VA = v.pipe(v.object({ s: v.string() }), v.metadata({ id: "VAddr" }), v.title("Addr"));
const V = toStandardJsonSchema(v.object({ a: VA }));
show("vali nested", () => V["~standard"].jsonSchema.input({ target: "draft-2020-12" }));
show("vali tsjs len", () => toStandardJsonSchema.length);
const VV = toStandardJsonSchema(
  v.object({
    a: v.pipe(
      v.string(),
      v.check(() => true),
    ),
  }),
);
show("vali check", () => VV["~standard"].jsonSchema.input({ target: "draft-2020-12" }));
show("ark int", () =>
  type({ c: "number.integer", "n?": "number" })["~standard"].jsonSchema.input({
    target: "draft-2020-12",
  }),
);
show("ark narrow", () =>
  type({ c: type("string").narrow(() => true) })["~standard"].jsonSchema.input({
    target: "draft-2020-12",
  }),
);
show("ark date", () =>
  type({ c: "Date" })["~standard"].jsonSchema.input({ target: "draft-2020-12" }),
);
show("ark uuid", () =>
  type({ c: "string.uuid", d: "string.date.iso", e: "string.email" })["~standard"].jsonSchema.input(
    { target: "draft-2020-12" },
  ),
);
show("ark disc", () =>
  type({ kind: "'cat'", lives: "0 <= number.integer <= 9" })
    .or({ kind: "'dog'", goodBoy: "boolean" })
    ["~standard"].jsonSchema.input({ target: "draft-2020-12" }),
);
show("ark 07", () =>
  type({ c: "string | null" })["~standard"].jsonSchema.input({ target: "draft-07" }),
);

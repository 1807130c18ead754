import { classValidator } from "@trellis/adapter-class-validator";
import { type App, Controller, createApp, Get, type Logger, Param, Route } from "@trellis/core";

/** What the handlers of the faulty app throw, by name: none of it is an HttpException. */
export const thrownValues: Readonly<Record<string, () => unknown>> = {
  string: () => "a thrown string with /work/secret.ts:12",
  object: () => ({
    message: "Error: internal",
    stack: "at secret (/work/app/node_modules/x.ts:1:2)",
  }),
  null: () => null,
  undefined: () => undefined,
  error: () => new Error("SQLITE_CORRUPT at /work/main/apps/example/data/users.sqlite"),
  "type-error": () => new TypeError("Cannot read properties of undefined (reading 'id')"),
};

const valueFor = (kind: string): unknown => {
  const make = thrownValues[kind];
  return make ? make() : `unknown kind ${kind}`;
};

/** Handlers that misbehave in every way a handler can, to see that each becomes a clean 500. */
@Route("/faults")
class FaultyController extends Controller {
  @Get("/throw/:kind")
  throwNow(@Param("kind") kind: string): never {
    throw valueFor(kind);
  }

  @Get("/reject/:kind")
  async rejectLater(@Param("kind") kind: string): Promise<never> {
    await Bun.sleep(1);
    throw valueFor(kind);
  }

  @Get("/header/:kind")
  badHeader(@Param("kind") kind: string) {
    // A handler copying client input into a header: CR/LF must never split the response.
    const value =
      kind === "crlf"
        ? "ok\r\nSet-Cookie: session=stolen"
        : kind === "lf"
          ? "ok\nX-Injected: 1"
          : "ok\rX";
    this.setHeader("x-echo", value);
    return { ok: true };
  }

  @Get("/status")
  badStatus() {
    this.setStatus(1000);
    return { ok: true };
  }

  @Get("/unserializable/:kind")
  unserializable(@Param("kind") kind: string) {
    if (kind === "bigint") return { big: 10n };
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    return cycle;
  }
}

/** An app whose handlers throw non-errors, set CR/LF headers, bad statuses and unserializable values. */
export function createFaultyApp(logger: Logger): App {
  return createApp({ schema: classValidator(), controllers: [FaultyController], logger });
}

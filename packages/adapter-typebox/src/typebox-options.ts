import type { UnknownPropertyPolicy } from "@trellis/core/extend";

/** Options of the TypeBox adapter (both TypeBox lines). */
export interface TypeBoxAdapterOptions {
  /**
   * Undeclared object properties: "strip" (default: removed from the value), "reject" (a 400 issue
   * per property) or "keep". Core's per-binding option, when given, wins.
   */
  readonly unknownProperties?: UnknownPropertyPolicy;
  /** Schemas with a `$id` that `Type.Ref(...)` in your schemas points to. */
  readonly references?: readonly object[];
  /**
   * Register the formats email, uuid, date-time, date, time, uri, ipv4 and ipv6 with TypeBox's
   * global FormatRegistry, where the app has not registered its own (default true; 0.34 only:
   * TypeBox 1.x has them built in).
   */
  readonly formats?: boolean;
  /**
   * Compile every validator inside `createApp` (true) instead of on its first request (default
   * false). Either way, what cannot compile (an unknown `Type.Ref`, an unregistered kind) throws
   * at startup.
   */
  readonly precompile?: boolean;
}

import { FormatRegistry } from "@sinclair/typebox";
import { defaultFormats } from "./format-checks.js";

/** Registers the default formats that TypeBox's FormatRegistry does not have yet. */
export function registerDefaultFormats(): void {
  for (const [name, check] of Object.entries(defaultFormats)) {
    if (!FormatRegistry.Has(name)) FormatRegistry.Set(name, check);
  }
}

/** A provider (or controller) that prepares itself after it is made: awaited before `app.ready`. */
export interface OnInit {
  onInit(): unknown;
}

/** A provider (or controller) that releases what it holds when the app closes. */
export interface OnShutdown {
  onShutdown(): unknown;
}

/** True when the value has a method named `name`. */
export function hasHook(value: unknown, name: "onInit" | "onShutdown"): boolean {
  return (
    value !== null &&
    (typeof value === "object" || typeof value === "function") &&
    typeof (value as Record<string, unknown>)[name] === "function"
  );
}

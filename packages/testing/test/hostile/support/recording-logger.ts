import type { Logger } from "@trellis/core";

/** A logger that keeps what it is given, so tests can see that a failure was logged. */
export interface RecordingLogger extends Logger {
  /** Every `error(message, ...details)` call, oldest first. */
  readonly entries: { readonly message: string; readonly details: readonly unknown[] }[];
}

/** A fresh recording logger (nothing reaches the console). */
export function recordingLogger(): RecordingLogger {
  const entries: { message: string; details: unknown[] }[] = [];
  return { entries, error: (message, ...details) => void entries.push({ message, details }) };
}

/** The log as readable lines ("message: first detail"), for assertions with useful diffs. */
export function logLines(logger: RecordingLogger | undefined): string[] {
  return (logger?.entries ?? []).map(({ message, details }) => {
    const first = details[0];
    return `${message}: ${first instanceof Error ? `${first.name}: ${first.message}` : String(first)}`;
  });
}

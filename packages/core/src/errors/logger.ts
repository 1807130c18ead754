/** Where Trellis reports errors a client never sees (unexpected throws, bad handler output). */
export interface Logger {
  error(message: string, ...details: unknown[]): void;
  /** Startup advice (for example operations without a declared response); the console's when absent. */
  warn?(message: string, ...details: unknown[]): void;
}

/** The default logger: the console. */
export const consoleLogger: Logger = {
  error: (message, ...details) => console.error(message, ...details),
  warn: (message, ...details) => console.warn(message, ...details),
};

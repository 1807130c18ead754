/** Sends one progress notification of the MCP call a request serves. */
type Reporter = (progress: number, total?: number, message?: string) => Promise<void>;

// The reporter of each tool call's HTTP request whose client asked for progress (a progressToken).
const reporters = new WeakMap<Request, Reporter>();

/** Lets `reportProgress(request, ...)` reach the client of the call `request` stands for. */
export function rememberProgress(request: Request, reporter: Reporter): void {
  reporters.set(request, reporter);
}

/**
 * Tells the MCP client how far a long tool call has come (`notifications/progress`): `progress`
 * grows with each call, `total` is the amount when known, `message` says what is happening. It
 * does nothing for an HTTP request or a call whose client sent no `progressToken`, so a handler
 * may call it whoever calls the route. `request` is the one the handler reads with `@Req()`.
 *
 * @example
 * @Post("/imports") @McpTool()
 * async run(@Req() request: Request) {
 *   for (let done = 0; done < files.length; done += 1) {
 *     await importFile(files[done]);
 *     await reportProgress(request, done + 1, files.length, `imported ${files[done]}`);
 *   }
 * }
 */
export async function reportProgress(
  request: Request,
  progress: number,
  total?: number,
  message?: string,
): Promise<void> {
  await reporters.get(request)?.(progress, total, message);
}

// Where every target listens and how it tells the runner it is up.

/** The port the runner chose (`PORT`), on 127.0.0.1 only. */
export const port = Number(process.env.PORT ?? 3000);

/** The only interface a target binds. */
export const hostname = "127.0.0.1";

/** Prints the line the runner waits for. */
export function ready(target: string): void {
  console.log(`ready ${target} http://${hostname}:${port}`);
}

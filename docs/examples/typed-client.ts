// #region client
// web/api.ts: the browser's side. `import type` keeps every server module out of the bundle.
import { createClient, TrellisClientError, TrellisNetworkError } from "@trellis/client";
import type { TodoController } from "./typed-client-server.js";

export function todoApi(baseUrl: string) {
  return createClient<{ todos: TodoController }>({ baseUrl });
}
// #endregion

// #region calls
export async function tour(api = todoApi("http://localhost:3000")) {
  const created = await api.todos.create({ title: "Write the docs" }); // Todo
  const fetched = await api.todos.get(created.id); // Todo, GET /todos/:id
  const open = await api.todos.list({ done: false }); // Todo[], GET /todos?done=false

  let status: number | undefined;
  let issues: string[] = [];
  try {
    await api.todos.create({ title: "" });
  } catch (error) {
    if (error instanceof TrellisClientError) {
      status = error.status; // 400
      issues = error.problem?.errors?.map((issue) => `${issue.in} ${issue.path}`) ?? []; // ["body /title"]
    } else if (error instanceof TrellisNetworkError) {
      status = 0; // no answer: offline, refused, CORS
    } else throw error;
  }
  const missing = await api.todos.get("nope").catch((error: TrellisClientError) => error.status); // 404
  return { created, fetched, open, status, issues, missing };
}
// #endregion

// #region mistakes
export function mistakes(api: ReturnType<typeof todoApi>) {
  // @ts-expect-error no method "remove" on TodoController
  void api.todos.remove("1");
  // @ts-expect-error the id is a string
  void api.todos.get(1);
}
// #endregion

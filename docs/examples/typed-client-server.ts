// #region server
import { zod } from "@trellis/adapter-zod";
import {
  Body,
  Controller,
  createApp,
  Description,
  Get,
  type Infer,
  NotFoundException,
  Param,
  Post,
  Query,
  Returns,
  Route,
  Summary,
} from "@trellis/core";
import * as z from "zod";
import { documented } from "./documented.ts";

const Todo = z.object({ id: z.string(), title: z.string(), done: z.boolean() });
type Todo = Infer<typeof Todo>; // { id: string; title: string; done: boolean }
const NewTodo = z.object({ title: z.string().min(1) });
const TodoFilter = z.object({ done: z.boolean().optional() });

@Route("/todos")
@Description("Things to do")
export class TodoController extends Controller {
  private readonly todos: Todo[] = [];

  @Get()
  @Summary("List todos")
  @Description("Every todo, or only the done or open ones.")
  @Returns(200, [Todo])
  list(@Query(TodoFilter) filter: Infer<typeof TodoFilter>): Todo[] {
    return this.todos.filter((todo) => filter.done === undefined || todo.done === filter.done);
  }

  @Get("/:id")
  @Summary("Get a todo")
  @Description("One todo by id.")
  @Returns(200, Todo)
  @Returns(404, "No todo has this id")
  get(@Param("id") id: string): Todo {
    const todo = this.todos.find((item) => item.id === id);
    if (!todo) throw new NotFoundException("No todo has this id.");
    return todo;
  }

  @Post()
  @Summary("Create a todo")
  @Description("A new open todo.")
  @Returns(201, Todo)
  create(@Body(NewTodo) input: Infer<typeof NewTodo>): Todo {
    const todo = { id: crypto.randomUUID(), title: input.title, done: false };
    this.todos.push(todo);
    this.setStatus(201);
    return todo;
  }
}

// docs: { swagger: true } is all the client needs: it also serves /docs/client.json.
export const app = createApp({
  schema: zod(),
  controllers: [TodoController],
  docs: { swagger: true },
  openapi: documented("todos", "A todo list."),
});
// #endregion

// #region checked
@Route("/drafts")
export class DraftController extends Controller {
  @Get("/:id")
  // @ts-expect-error the handler returns a string, not a Todo
  @Returns(200, Todo)
  get(@Param("id") id: string): string {
    return id;
  }

  @Post()
  create(
    // @ts-expect-error the body is a NewTodo, which has no `text`
    @Body(NewTodo) input: { text: string },
  ): void {
    void input;
  }
}
// #endregion

// A program that loads no adapter's types: this folder's tsconfig holds this file and core, and
// nothing imports an adapter package. Every line marked `fails` must fail to compile with the
// message that names the fix; the other lines must compile (../../src/schema/infer-without-adapter.test.ts).
import { Body, Controller, Get, type Infer, Post, Query, Returns } from "@trellis/core";

/** A schema of some validation library: without its adapter, core cannot tell what it gives. */
const CreateUser = { "~kind": "object", properties: { name: { type: "string" } } } as const;

export class UserController extends Controller {
  @Post()
  @Returns(201, CreateUser) // fails: the declared body is the error type, not `{ name }`
  create(@Body(CreateUser) input: Infer<typeof CreateUser>) {
    return { name: input.name }; // fails: the error type has no `name`
  }

  @Post("/typed")
  typed(
    @Body(CreateUser) input: { name: string }, // fails: the check is on, not silently passed
  ) {
    return input;
  }

  @Get("/raw")
  raw(@Body() body: unknown, @Query("page") page?: string) {
    return { body, page }; // no schema: nothing to infer, nothing fails
  }
}

export const assigned: Infer<typeof CreateUser> = { name: "Ada" }; // fails: no value is the error type

import "reflect-metadata";
import { classValidator } from "@trellis/adapter-class-validator";
import {
  Body,
  Controller,
  Cookie,
  createApp,
  Description,
  Get,
  Header,
  Param,
  Post,
  Query,
  Req,
  Returns,
  Route,
  Summary,
} from "@trellis/core";
import {
  IsArray,
  IsBoolean,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Max,
  Min,
} from "class-validator";
import { documented } from "./documented.ts";

// #region query-model
class BookSearch {
  @IsOptional() @IsInt() @Min(1) page?: number;
  @IsOptional() @IsInt() @Min(1) @Max(100) limit?: number;
  @IsOptional() @IsArray() @IsString({ each: true }) tag?: string[];
}
// #endregion

class Review {
  @IsString() title!: string;
  @IsInt() @Min(1) @Max(5) stars!: number;
  @IsBoolean() recommend!: boolean;
}

/** What each route answers: its inputs, as the handler received them. */
class BookInputs {
  @IsInt() id!: number;
  @IsOptional() @IsArray() @IsString({ each: true }) fields?: string[];
  @IsOptional() @IsBoolean() draft?: boolean;
  @IsOptional() @IsString() tenant?: string;
  @IsOptional() @IsString() session?: string;
}

class SearchEcho {
  @IsObject() query!: object;
  @IsString() url!: string;
}

@Route("/books")
@Description("Books and their reviews")
class BookController extends Controller {
  // #region named
  @Get("/:id")
  @Summary("Get a book")
  @Description("Echoes the path, query, header and cookie inputs.")
  @Returns(200, BookInputs, "The inputs")
  get(
    @Param("id") id: number, // path parameters are always required
    @Query("fields") fields?: string[], // ?fields=a&fields=b gives ["a", "b"]
    @Query("draft") draft?: boolean, // exactly "true" or "false"
    @Header("x-tenant") tenant?: string, // header names are case-insensitive
    @Cookie("session") session?: string, // undefined when absent, like the others
  ) {
    return { id, fields, draft, tenant, session };
  }
  // #endregion

  // #region whole
  @Get()
  @Summary("Search books")
  @Description("Echoes the search query.")
  @Returns(200, SearchEcho, "The query")
  search(@Query(BookSearch) query: BookSearch, @Req() request: Request) {
    return { query: { ...query }, url: request.url };
  }
  // #endregion

  // #region form
  @Post("/reviews")
  @Summary("Review a book")
  @Description("Takes a form, answers the review as JSON.")
  @Returns(200, Review, "The review")
  review(@Body(Review, { contentType: "application/x-www-form-urlencoded" }) review: Review) {
    return { ...review };
  }
  // #endregion
}

export const app = createApp({
  schema: classValidator(),
  controllers: [BookController],
  openapi: documented("books", "Books, searched and reviewed."),
});

/** Sends well-formed and malformed inputs through every kind of binding. */
export async function demo() {
  const get = (path: string, headers: Record<string, string> = {}) =>
    app.fetch(new Request(`http://localhost${path}`, { headers }));
  const form = (body: string) =>
    app.fetch(
      new Request("http://localhost/books/reviews", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body,
      }),
    );
  return {
    named: await get("/books/42?fields=title&fields=author&draft=false", {
      "X-Tenant": "acme",
      cookie: "session=abc",
    }),
    minimal: await get("/books/42"),
    badNumbers: await get("/books/0x2A?draft=yes"),
    repeated: await get("/books?page=1&page=2"),
    whole: await get("/books?page=2&tag=sf&tag=classic&sort=title"),
    wholeInvalid: await get("/books?page=0&limit=1e2"),
    form: await form("title=Dune&stars=5&recommend=true"),
    formInvalid: await form("title=Dune&stars=five&recommend=yes"),
  };
}

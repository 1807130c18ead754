import "reflect-metadata";
import { classValidator } from "@trellis/adapter-class-validator";
import { Conditional, entityTag } from "@trellis/conditional";
import {
  Body,
  Controller,
  createApp,
  Description,
  Get,
  NotFoundException,
  Param,
  Put,
  Returns,
  Route,
  Summary,
} from "@trellis/core";
import { IsInt, IsString, Min } from "class-validator";
import { documented } from "./documented.ts";

class ArticleInput {
  @IsString() title!: string;
}

class Article {
  @IsString() id!: string;
  @IsString() title!: string;
  @IsInt() @Min(1) version!: number;
}

const articles = new Map<string, Article>([["a1", { id: "a1", title: "Hello", version: 1 }]]);

@Route("/articles")
@Description("Articles, read and changed with conditional requests.")
class ArticleController extends Controller {
  // #region read
  @Get("/:id")
  @Conditional() // a strong ETag hashed from the bytes; 304 for If-None-Match
  @Summary("Read an article")
  @Description("With its ETag; If-None-Match answers 304 while it is current.")
  @Returns(200, Article, "The article")
  @Returns(404, "No such article")
  read(@Param("id") id: string): Article {
    const article = articles.get(id);
    if (!article) throw new NotFoundException("No such article.");
    return article;
  }
  // #endregion

  // #region update
  @Put("/:id")
  @Conditional({ requireIfMatch: true }) // 428 without If-Match, before the handler runs
  @Summary("Replace an article")
  @Description("Only while the client's copy is current: If-Match carries its ETag.")
  @Returns(200, Article, "The replaced article, with its new ETag")
  @Returns(404, "No such article")
  replace(@Param("id") id: string, @Body(ArticleInput) input: ArticleInput): Article {
    const article = articles.get(id);
    if (!article) throw new NotFoundException("No such article.");
    // 412 unless If-Match names the current version: nothing is changed then.
    this.checkPreconditions({ etag: entityTag(article.version) });
    const next = { ...article, title: input.title, version: article.version + 1 };
    articles.set(id, next);
    this.setHeader("ETag", entityTag(next.version));
    return next;
  }

  @Get("/:id/versioned")
  @Conditional()
  @Summary("Read an article, tagged by its version")
  @Description("The same article, its ETag the version column: the tag If-Match compares.")
  @Returns(200, Article, "The article")
  @Returns(404, "No such article")
  versioned(@Param("id") id: string): Article {
    const article = articles.get(id);
    if (!article) throw new NotFoundException("No such article.");
    this.setHeader("ETag", entityTag(article.version)); // the handler's own validator wins
    return article;
  }
  // #endregion
}

export const app = createApp({
  schema: classValidator(),
  controllers: [ArticleController],
  openapi: documented("articles", "Articles, with conditional requests."),
});

/** A read, a 304, a lost update refused (428, 412) and a change that goes through. */
export async function demo() {
  const send = (
    method: string,
    path: string,
    headers: Record<string, string> = {},
    body?: unknown,
  ) =>
    app.fetch(
      new Request(`http://localhost${path}`, {
        method,
        headers: { "content-type": "application/json", ...headers },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    );
  const read = await send("GET", "/articles/a1");
  const etag = read.headers.get("etag") as string;
  const notModified = await send("GET", "/articles/a1", { "if-none-match": etag });
  const versioned = await send("GET", "/articles/a1/versioned");
  const tag = versioned.headers.get("etag") as string;
  const required = await send("PUT", "/articles/a1", {}, { title: "Lost" });
  const changed = await send("PUT", "/articles/a1", { "if-match": tag }, { title: "Kept" });
  const stale = await send("PUT", "/articles/a1", { "if-match": tag }, { title: "Lost" });
  return { read, notModified, versioned, required, changed, stale, document: app.document };
}

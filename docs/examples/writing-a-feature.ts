import "reflect-metadata";
import { classValidator } from "@trellis/adapter-class-validator";
// #region imports
import {
  Controller,
  createApp,
  Description,
  Get,
  Post,
  Returns,
  Route,
  Summary,
} from "@trellis/core";
import {
  defineConfigErrors,
  featureKey,
  type RouteFeature,
  withHeaders,
} from "@trellis/core/extend";
// #endregion
import { IsString } from "class-validator";
import { documented } from "./documented.ts";

// #region feature
// A third-party feature, as its own package would hold it: a decorator, app options, a startup
// check, a per-route stage and a document fragment. Core is not edited to add it.

/** What `@CacheControl` takes: how long a shared or private cache may keep a 200. */
export interface CacheControlOptions {
  readonly maxAge: number;
  readonly visibility?: "public" | "private";
}

// The feature's startup error codes: what each means and its message, one template per code.
const cacheControlErrors = {
  INVALID_CACHE_CONTROL: {
    meaning: "@CacheControl is not on a GET route, or its maxAge is not a whole number of seconds",
    message: "%s: @CacheControl %s.",
  },
} as const;

declare module "@trellis/core/extend" {
  interface FeatureErrorCodes {
    INVALID_CACHE_CONTROL: typeof cacheControlErrors.INVALID_CACHE_CONTROL.meaning;
  }
}

const cacheControlError = defineConfigErrors(cacheControlErrors);

const cacheControlKey = featureKey<CacheControlOptions>("@CacheControl", () => cacheControl());

/** Sends `Cache-Control` on a GET route's success answers; on a class, on each of its GETs. */
export const CacheControl = (options: CacheControlOptions | false) =>
  cacheControlKey.record(options);

/** The feature; `defaults` applies to every GET route without its own `@CacheControl`. */
export function cacheControl(
  defaults?: CacheControlOptions,
): RouteFeature<CacheControlOptions, string> {
  return {
    name: "cache-control",
    key: cacheControlKey,
    ...(defaults === undefined ? {} : { appSetting: defaults }),
    // Once per route, at startup: the check, and the header value the stage will send.
    plan({ value, from }, operation, { where }) {
      if (operation.method !== "GET") {
        // The app-wide default and a class's setting cover only GET routes; a method's must be one.
        if (from !== "method") return undefined;
        throw cacheControlError("INVALID_CACHE_CONTROL", [
          where,
          `is for GET routes, not ${operation.method}`,
        ]);
      }
      if (!Number.isSafeInteger(value.maxAge) || value.maxAge < 0) {
        throw cacheControlError("INVALID_CACHE_CONTROL", [
          where,
          `maxAge is ${String(value.maxAge)}; it must be a whole number of seconds`,
        ]);
      }
      return `${value.visibility ?? "public"}, max-age=${value.maxAge}`;
    },
    stage: {
      place: "after-guards", // only answers a client was allowed to see are cacheable
      compile: (header, next) => (request, params, decoded) => {
        const stamp = (answer: Response) =>
          answer.status === 200
            ? withHeaders(answer, (headers) => headers.set("cache-control", header))
            : answer;
        const answer = next(request, params, decoded);
        return answer instanceof Promise ? answer.then(stamp) : stamp(answer);
      },
    },
    document: () => ({
      successHeaders: {
        "Cache-Control": {
          description: "How long a cache may keep this answer (RFC 9111).",
          schema: { type: "string", example: "public, max-age=60" },
        },
      },
    }),
  };
}
// #endregion

class Article {
  @IsString() id!: string;
  @IsString() title!: string;
}

// #region usage
@Route("/articles")
@Description("Published articles and drafts")
class ArticleController extends Controller {
  @Get()
  @Summary("List articles")
  @Description("Every published article; caches may keep the list for a minute.")
  @Returns(200, [Article], "Every article")
  list(): Article[] {
    return [{ id: "1", title: "Hello" }];
  }

  @Get("/draft")
  @CacheControl(false) // drafts change: never cached
  @Summary("Read the draft")
  @Description("The article being written; never cached.")
  @Returns(200, Article, "The draft")
  draft(): Article {
    return { id: "1", title: "Draft" };
  }

  @Post()
  @Summary("Publish an article")
  @Description("Publishes a new article.")
  @Returns(201, Article, "The new article")
  create(): Article {
    this.setStatus(201);
    return { id: "2", title: "New" };
  }
}

export const app = createApp({
  schema: classValidator(),
  controllers: [ArticleController],
  plugins: [cacheControl({ maxAge: 60 })], // every GET: cacheable for a minute
  openapi: documented("articles", "Articles, cacheable."),
});
// #endregion

/** A cached list, an uncached draft and POST, and a misplaced decorator caught at startup. */
export async function demo() {
  const get = (path: string, method = "GET") =>
    app.fetch(new Request(`http://localhost${path}`, { method }));
  @Route("/bad")
  class BadController extends Controller {
    @Post()
    @CacheControl({ maxAge: 5 })
    create() {}
  }
  let refused: unknown;
  try {
    createApp({ schema: classValidator(), controllers: [BadController] });
  } catch (error) {
    refused = error;
  }
  return {
    list: await get("/articles"),
    draft: await get("/articles/draft"),
    created: await get("/articles", "POST"),
    refused,
    document: app.document,
  };
}

import "reflect-metadata";
import { classValidator } from "@trellis/adapter-class-validator";
import {
  Controller,
  createApp,
  cursorLinks,
  Description,
  Get,
  pageLinkHeader,
  pageLinks,
  Query,
  Req,
  Returns,
  Route,
  Summary,
} from "@trellis/core";
import { Type } from "class-transformer";
import { IsArray, IsInt, IsOptional, IsString, Max, Min, ValidateNested } from "class-validator";
import { documented } from "./documented.ts";

class Item {
  @IsInt() id!: number;
  @IsString() name!: string;
}

class PageQuery {
  @IsOptional() @IsInt() @Min(1) page?: number;
  @IsOptional() @IsInt() @Min(1) @Max(50) limit?: number;
}

class CursorQuery {
  @IsOptional() @IsString() cursor?: string;
}

// #region page-shape
/** `Page<T>`: one class per item model, so each page is its own component (`ItemPage`). */
function pageOf<T>(item: new () => T, name: string) {
  class Page {
    @IsArray() @ValidateNested({ each: true }) @Type(() => item) items!: T[];
    @IsInt() @Min(0) total!: number;
  }
  Object.defineProperty(Page, "name", { value: name }); // the component's name
  return Page;
}

const ItemPage = pageOf(Item, "ItemPage");
// #endregion

const items: Item[] = Array.from({ length: 23 }, (_, index) => ({
  id: index + 1,
  name: `Item ${index + 1}`,
}));

// #region pages
@Route("/items")
@Description("Items, listed a page at a time.")
class ItemController extends Controller {
  @Get()
  @Summary("List items")
  @Description("Numbered pages; the Link header leads to the others.")
  @Returns(200, [Item], { description: "One page of items", headers: { Link: pageLinkHeader } })
  list(@Query(PageQuery) query: PageQuery, @Req() request: Request): Item[] {
    const page = query.page ?? 1;
    const limit = query.limit ?? 10;
    const link = pageLinks({
      url: request.url, // its path and other parameters are kept in every link
      page,
      pageSize: limit,
      total: items.length,
      sizeParam: "limit",
    });
    if (link) this.setHeader("Link", link);
    return items.slice((page - 1) * limit, page * limit);
  }
  // #endregion

  // #region wrapped
  @Get("/paged")
  @Summary("List items with their total")
  @Description("The same pages, wrapped with the total: { items, total }.")
  @Returns(200, ItemPage, {
    description: "One page and the total",
    headers: { Link: pageLinkHeader },
  })
  paged(@Query(PageQuery) query: PageQuery, @Req() request: Request) {
    const page = query.page ?? 1;
    const limit = query.limit ?? 10;
    const total = items.length;
    const link = pageLinks({ url: request.url, page, pageSize: limit, total, sizeParam: "limit" });
    if (link) this.setHeader("Link", link);
    return { items: items.slice((page - 1) * limit, page * limit), total };
  }
  // #endregion

  // #region cursor
  @Get("/feed")
  @Summary("Follow items")
  @Description("Ten at a time after an opaque cursor; the Link header names the next one.")
  @Returns(200, [Item], {
    description: "Items after the cursor",
    headers: { Link: pageLinkHeader },
  })
  feed(@Query(CursorQuery) query: CursorQuery, @Req() request: Request): Item[] {
    const after = query.cursor === undefined ? 0 : Number(atob(query.cursor));
    const slice = items.filter((item) => item.id > after).slice(0, 10);
    const last = slice.at(-1);
    const more = last !== undefined && last.id < items.length;
    const link = cursorLinks({ url: request.url, next: more ? btoa(String(last.id)) : null });
    if (link) this.setHeader("Link", link);
    return slice;
  }
  // #endregion
}

export const app = createApp({
  schema: classValidator(),
  controllers: [ItemController],
  openapi: documented("items", "Items, in pages."),
});

/** The second page of three, and a cursor followed to its end. */
export async function demo() {
  const get = (path: string) => app.fetch(new Request(`http://localhost${path}`));
  const second = await get("/items?page=2&limit=10");
  const first = await get("/items/feed");
  const next = /<([^>]+)>; rel="next"/.exec(first.headers.get("link") ?? "")?.[1] as string;
  const following = await get(next);
  const wrapped = await get("/items/paged?page=3&limit=10");
  const end = await get(
    /<([^>]+)>; rel="next"/.exec(following.headers.get("link") ?? "")?.[1] as string,
  );
  return { second, first, following, end, wrapped, document: app.document };
}

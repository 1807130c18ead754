import { linkHeader, type WebLink } from "./link-header.js";

/** Where the links of one page point: the request's URL, with only the paging parameters changed. */
export interface PageUrl {
  /** The URL of this request (`request.url`): its path and every other query parameter are kept. */
  readonly url: string | URL;
  /**
   * Absolute links (`https://host/users?page=2`). Default false: references from the path
   * (`/users?page=2`), which the client resolves against its request, so a proxy's rewritten
   * host or scheme never leaks into them.
   */
  readonly absolute?: boolean;
}

/** A numbered page: `page` from 1, `pageSize` items each. */
export interface PageLinkOptions extends PageUrl {
  readonly page: number;
  readonly pageSize: number;
  /** How many items there are in all: gives `last`, and whether there is a `next`. */
  readonly total?: number;
  /** Without `total`: whether a page follows this one (for example, one more item was found). */
  readonly hasMore?: boolean;
  /** The page number's query parameter (default `page`). */
  readonly pageParam?: string;
  /** The page size's query parameter, written into every link when given (such as `limit`). */
  readonly sizeParam?: string;
}

/** A page reached through opaque cursors the store hands out. */
export interface CursorLinkOptions extends PageUrl {
  /** The cursor of the page after this one; absent or null on the last page. */
  readonly next?: string | null;
  /** The cursor of the page before this one; absent or null on the first page. */
  readonly prev?: string | null;
  /** The cursor's query parameter (default `cursor`). */
  readonly cursorParam?: string;
}

function linkTo(options: PageUrl, set: Readonly<Record<string, string | undefined>>): string {
  const url = new URL(options.url, "http://localhost");
  for (const [name, value] of Object.entries(set)) {
    if (value === undefined) url.searchParams.delete(name);
    else url.searchParams.set(name, value);
  }
  return options.absolute === true ? url.href : `${url.pathname}${url.search}`;
}

const whole = (value: number, name: string, min: number): number => {
  if (!Number.isSafeInteger(value) || value < min) {
    throw new RangeError(`${name} must be a whole number from ${min}: ${String(value)}`);
  }
  return value;
};

/**
 * The `Link` header (RFC 8288) of one numbered page: `first`, `prev`, `next` and, with `total`,
 * `last`; each the request's URL with the page (and size) parameter set. Undefined when there is
 * no other page.
 *
 * @example
 * const link = pageLinks({ url: request.url, page, pageSize: limit, total, sizeParam: "limit" });
 * if (link) this.setHeader("Link", link);
 */
export function pageLinks(options: PageLinkOptions): string | undefined {
  const page = whole(options.page, "page", 1);
  const size = whole(options.pageSize, "pageSize", 1);
  const { pageParam = "page", sizeParam } = options;
  const last =
    options.total === undefined
      ? undefined
      : Math.max(1, Math.ceil(whole(options.total, "total", 0) / size));
  const to = (target: number) =>
    linkTo(options, {
      [pageParam]: String(target),
      ...(sizeParam === undefined ? {} : { [sizeParam]: String(size) }),
    });
  const links: WebLink[] = [];
  const more = last === undefined ? options.hasMore === true : page < last;
  if (page > 1 || more) links.push({ href: to(1), rel: "first" });
  // Past the last page, `prev` leads back to the last one.
  if (page > 1)
    links.push({ href: to(last === undefined ? page - 1 : Math.min(page - 1, last)), rel: "prev" });
  if (more) links.push({ href: to(page + 1), rel: "next" });
  if (last !== undefined && (page > 1 || more)) links.push({ href: to(last), rel: "last" });
  return linkHeader(links);
}

/**
 * The `Link` header (RFC 8288) of one page of a cursor listing: `next` and `prev` with their
 * cursors (and `first`, without one, after the first page), each the request's URL with the
 * cursor parameter set. Undefined without either.
 *
 * @example
 * const link = cursorLinks({ url: request.url, next: page.nextCursor });
 */
export function cursorLinks(options: CursorLinkOptions): string | undefined {
  const { cursorParam = "cursor" } = options;
  const links: WebLink[] = [];
  if (options.prev != null) {
    // The listing from its start: the URL without a cursor.
    links.push({ href: linkTo(options, { [cursorParam]: undefined }), rel: "first" });
    links.push({ href: linkTo(options, { [cursorParam]: options.prev }), rel: "prev" });
  }
  if (options.next != null) {
    links.push({ href: linkTo(options, { [cursorParam]: options.next }), rel: "next" });
  }
  return linkHeader(links);
}

/**
 * The documentation of the `Link` header, for `@Returns` options:
 * `@Returns(200, [User], { description: "One page", headers: { Link: pageLinkHeader } })`.
 */
export const pageLinkHeader = {
  description:
    'Links to the other pages (RFC 8288): `<url>; rel="next"`, and `prev`, `first`, `last` where they exist. Relative URLs resolve against the request URL.',
  schema: { type: "string" },
} as const;

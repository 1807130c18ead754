/** One link of a `Link` header (RFC 8288): its target and relation type. */
export interface WebLink {
  /** The target: an absolute URL or a reference relative to the request's URL. */
  readonly href: string;
  /** A registered relation type (`next`, `prev`, `first`, `last`) or an extension URI. */
  readonly rel: string;
}

// A target is written inside <...>: these characters are percent-encoded there.
const unsafeInTarget = /[<>"\s]/g;
const relation = /^[a-z][a-z0-9.-]*$|^[a-z][a-z0-9+.-]*:[^\s"]+$/;

/**
 * The value of a `Link` header: `<target>; rel="next", ...`, in the given order. Undefined when
 * there is no link, so that no empty header is sent.
 */
export function linkHeader(links: readonly WebLink[]): string | undefined {
  if (links.length === 0) return undefined;
  return links
    .map(({ href, rel }) => {
      if (!relation.test(rel)) throw new RangeError(`Not a link relation type: ${rel}`);
      const target = href.replace(unsafeInTarget, (char) => encodeURIComponent(char));
      return `<${target}>; rel="${rel}"`;
    })
    .join(", ");
}

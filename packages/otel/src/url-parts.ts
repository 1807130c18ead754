// Request URLs are absolute ("http://host/path?query"); slicing them is much cheaper than `new URL`.

function pathStart(url: string): number {
  // Without a usable Host (HTTP/1.0, `Host: a/b`) Bun gives the origin-less target: "/path?query".
  if (url.charCodeAt(0) === 47) return 0;
  const start = url.indexOf("/", url.indexOf("//") + 2);
  return start === -1 ? url.length : start;
}

/** The raw (still percent-encoded) path of a request URL; "/" when it has none. */
export function pathOf(url: string): string {
  const start = pathStart(url);
  let end = url.length;
  for (const mark of ["?", "#"]) {
    const at = url.indexOf(mark, start);
    if (at !== -1 && at < end) end = at;
  }
  return start === end ? "/" : url.slice(start, end);
}

/** The raw query string of a request URL, without "?" ("" when there is none). */
export function queryOf(url: string): string {
  const start = url.indexOf("?", pathStart(url));
  if (start === -1) return "";
  const hash = url.indexOf("#", pathStart(url));
  if (hash !== -1 && hash < start) return ""; // the "?" is inside the fragment
  const end = url.indexOf("#", start);
  return url.slice(start + 1, end === -1 ? url.length : end);
}

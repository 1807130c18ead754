// The multipart cases every adapter's upload fixture answers alike (run by uploads.ts).

// Uploads of a restricted type are checked by their first bytes: the files start with them.
const signatures: Record<string, readonly number[]> = {
  "image/png": [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  "image/jpeg": [0xff, 0xd8, 0xff, 0xe0],
  "image/gif": [0x47, 0x49, 0x46, 0x38, 0x39, 0x61],
};

/** `size` bytes declared as `type`: its signature, if it has one, then filler. */
export function file(size: number, type: string, name = "file.bin", bytesOf = type): File {
  const bytes = new Uint8Array(size).fill(0x61);
  bytes.set((signatures[bytesOf] ?? []).slice(0, size));
  return new File([bytes], name, { type });
}
const png = (size = 100) => file(size, "image/png", "avatar.png");

/** A form with valid fields, changed by `edit` (set, delete or append what a case probes). */
export function form(edit: (data: FormData) => void = () => {}): FormData {
  const data = new FormData();
  data.set("title", "Holiday");
  data.set("count", "3");
  data.set("avatar", png());
  edit(data);
  return data;
}

interface UploadCase {
  readonly label: string;
  readonly body: () => FormData;
  /** Accepted, or the pointer (into the body) the 400's errors[] must name. */
  readonly expect: "ok" | { readonly issueAt: string };
}

export const cases: readonly UploadCase[] = [
  { label: "text fields and one file", body: () => form(), expect: "ok" },
  { label: "count left out (optional)", body: () => form((d) => d.delete("count")), expect: "ok" },
  {
    label: "a JPEG avatar",
    body: () => form((d) => d.set("avatar", file(10, "image/jpeg", "a.jpg"))),
    expect: "ok",
  },
  {
    label: "an avatar of exactly 1024 bytes",
    body: () => form((d) => d.set("avatar", png(1024))),
    expect: "ok",
  },
  {
    label: "an avatar of 1025 bytes",
    body: () => form((d) => d.set("avatar", png(1025))),
    expect: { issueAt: "/avatar" },
  },
  {
    label: "an avatar of a refused type",
    body: () => form((d) => d.set("avatar", file(10, "image/gif", "a.gif"))),
    expect: { issueAt: "/avatar" },
  },
  {
    label: "an avatar whose bytes are not its declared type",
    body: () => form((d) => d.set("avatar", file(10, "image/png", "a.png", "image/jpeg"))),
    expect: { issueAt: "/avatar" },
  },
  {
    label: "no avatar",
    body: () => form((d) => d.delete("avatar")),
    expect: { issueAt: "/avatar" },
  },
  {
    label: "an avatar sent as text",
    body: () => form((d) => d.set("avatar", "not a file")),
    expect: { issueAt: "/avatar" },
  },
  {
    label: "two avatars",
    body: () => form((d) => d.append("avatar", png())),
    expect: { issueAt: "/avatar" },
  },
  { label: "no title", body: () => form((d) => d.delete("title")), expect: { issueAt: "/title" } },
  {
    label: "an empty title",
    body: () => form((d) => d.set("title", "")),
    expect: { issueAt: "/title" },
  },
  {
    label: "a title sent as a file",
    body: () => form((d) => d.set("title", file(5, "text/plain"))),
    expect: { issueAt: "/title" },
  },
  {
    label: "a count that is not a number",
    body: () => form((d) => d.set("count", "three")),
    expect: { issueAt: "/count" },
  },
  {
    label: "a count with a fraction",
    body: () => form((d) => d.set("count", "1.5")),
    expect: { issueAt: "/count" },
  },
  {
    label: "a count out of bounds",
    body: () => form((d) => d.set("count", "11")),
    expect: { issueAt: "/count" },
  },
  {
    label: "one attachment (an array of one)",
    body: () => form((d) => d.append("attachments", file(2048, "text/csv"))),
    expect: "ok",
  },
  {
    label: "two attachments under one field",
    body: () =>
      form((d) => {
        d.append("attachments", file(20, "application/pdf"));
        d.append("attachments", file(30, "text/plain"));
      }),
    expect: "ok",
  },
  {
    label: "an attachment over its own limit",
    body: () =>
      form((d) => {
        d.append("attachments", file(20, "text/plain"));
        d.append("attachments", file(2049, "text/plain"));
      }),
    expect: { issueAt: "/attachments" },
  },
  {
    label: "an attachment sent as text",
    body: () => form((d) => d.append("attachments", "x")),
    expect: { issueAt: "/attachments" },
  },
];

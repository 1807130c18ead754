import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { firstUsableFolder, type Machine, userDataFolders } from "./config-data-folder.js";

const linux: Machine = { env: {}, platform: "linux", home: "/home/ada", tmp: "/tmp", uid: 1000 };

describe("userDataFolders", () => {
  it("on Linux: $XDG_DATA_HOME, else ~/.local/share, then a folder of this user in /tmp", () => {
    expect(userDataFolders(linux)).toEqual([
      "/home/ada/.local/share/trellis-example",
      "/tmp/trellis-example-1000",
    ]);
    expect(userDataFolders({ ...linux, env: { XDG_DATA_HOME: "/data/ada" } })[0]).toBe(
      "/data/ada/trellis-example",
    );
    // The XDG rules: a relative path in $XDG_DATA_HOME is ignored.
    expect(userDataFolders({ ...linux, env: { XDG_DATA_HOME: "data" } })[0]).toBe(
      "/home/ada/.local/share/trellis-example",
    );
  });

  it("on macOS and Windows: the platform's folder for application data", () => {
    expect(userDataFolders({ ...linux, platform: "darwin", home: "/Users/ada" })).toEqual([
      "/Users/ada/Library/Application Support/trellis-example",
      "/tmp/trellis-example-1000",
    ]);
    const windows = userDataFolders({
      ...linux,
      platform: "win32",
      env: { LOCALAPPDATA: "C:\\Users\\ada\\AppData\\Local" },
      uid: undefined,
    });
    expect(windows).toHaveLength(2);
    expect(windows[0]).toMatch(/Local[\\/]trellis-example$/);
    expect(windows[1]).toBe(join("/tmp", "trellis-example"));
  });
});

describe("firstUsableFolder", () => {
  const folders: string[] = [];
  afterEach(() => {
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });
  const temp = () => {
    const folder = mkdtempSync(join(tmpdir(), "trellis-data-folder-"));
    folders.push(folder);
    return folder;
  };

  it("creates the first folder it can, readable by this user only", () => {
    const root = temp();
    const chosen = firstUsableFolder([join(root, "a", "b"), join(root, "c")]);
    expect(chosen).toBe(join(root, "a", "b"));
    expect(statSync(chosen).mode & 0o777).toBe(0o700);
  });

  it("passes over a folder it cannot create, and one that belongs to another user", () => {
    const root = temp();
    writeFileSync(join(root, "file"), "");
    const owner = statSync(root).uid;
    const next = join(root, "next");
    // Under a file: mkdir fails (ENOTDIR) whoever runs the test, root included.
    expect(firstUsableFolder([join(root, "file", "data"), next])).toBe(next);
    // A folder that exists but is not owned by the user (uid) running the app.
    expect(() => firstUsableFolder([root], owner + 1)).toThrow(/: belongs to another user$/);
  });

  it("names every folder it tried when none can be used", () => {
    const root = temp();
    writeFileSync(join(root, "file"), "");
    expect(() => firstUsableFolder([join(root, "file", "a"), join(root, "file", "b")])).toThrow(
      /No folder to keep the data in \(set DATABASE_PATH or DATABASE_URL\):\n.*file\/a: .*\n.*file\/b: /,
    );
  });
});

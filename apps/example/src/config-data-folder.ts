import { accessSync, constants, mkdirSync, statSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { isAbsolute, join } from "node:path";

/** The folder name under the user's data folder. */
const appFolder = "trellis-example";

/** What `userDataFolders` reads of the machine (passed in, so the choice is testable). */
export interface Machine {
  readonly env: Record<string, string | undefined>;
  readonly platform: NodeJS.Platform;
  readonly home: string;
  readonly tmp: string;
  /** The user's id where there is one (not on Windows). */
  readonly uid: number | undefined;
}

/** This machine, as `userDataFolders` reads it. */
export const thisMachine = (): Machine => ({
  env: process.env,
  platform: process.platform,
  home: homedir(),
  tmp: tmpdir(),
  uid: process.getuid?.(),
});

/**
 * Where the single-file binary may keep its data, best first: the platform's folder for a user's
 * application data (`$XDG_DATA_HOME`, else `~/.local/share`, on Linux; `~/Library/Application
 * Support` on macOS; `%LOCALAPPDATA%` on Windows), then a folder of this user in the temporary
 * folder (for users without a writable home, such as `nobody`).
 *
 * @example
 * userDataFolders(thisMachine()); // ["/home/ada/.local/share/trellis-example", "/tmp/trellis-example-1000"]
 */
export function userDataFolders({ env, platform, home, tmp, uid }: Machine): string[] {
  const preferred: string[] = [];
  if (platform === "win32") {
    if (env.LOCALAPPDATA) preferred.push(join(env.LOCALAPPDATA, appFolder));
  } else if (platform === "darwin") {
    preferred.push(join(home, "Library", "Application Support", appFolder));
  } else {
    // The XDG base directory rules: a relative $XDG_DATA_HOME is to be ignored.
    const xdg = env.XDG_DATA_HOME;
    preferred.push(join(xdg && isAbsolute(xdg) ? xdg : join(home, ".local", "share"), appFolder));
  }
  // One folder per user: the temporary folder is shared by every user of the machine.
  preferred.push(join(tmp, uid === undefined ? appFolder : `${appFolder}-${uid}`));
  return preferred;
}

/**
 * The first of `folders` that exists or can be created, belongs to this user and is writable.
 * Throws naming every folder tried when none can be used.
 *
 * @example
 * const folder = firstUsableFolder(userDataFolders(thisMachine()));
 */
export function firstUsableFolder(
  folders: readonly string[],
  uid: number | undefined = process.getuid?.(),
): string {
  const reasons: string[] = [];
  for (const folder of folders) {
    try {
      // 0700: the data are this user's alone (the mode applies to folders created here).
      mkdirSync(folder, { recursive: true, mode: 0o700 });
      // Someone else's folder (made in the shared temporary folder first) is not ours to use.
      if (uid !== undefined && statSync(folder).uid !== uid) {
        throw new Error("belongs to another user");
      }
      accessSync(folder, constants.W_OK);
      return folder;
    } catch (error) {
      reasons.push(`${folder}: ${(error as Error).message}`);
    }
  }
  throw new Error(
    `No folder to keep the data in (set DATABASE_PATH or DATABASE_URL):\n${reasons.join("\n")}`,
  );
}

/**
 * The SQLite file of the single-file binary when `DATABASE_PATH` is not set: `users.sqlite` in
 * the first usable folder of `userDataFolders`.
 *
 * @example
 * readConfig(process.env, { databasePath: userDataDatabasePath });
 */
export function userDataDatabasePath(): string {
  const machine = thisMachine();
  return join(firstUsableFolder(userDataFolders(machine), machine.uid), "users.sqlite");
}

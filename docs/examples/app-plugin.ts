import "reflect-metadata";
import { classValidator } from "@trellis/adapter-class-validator";
import { Controller, createApp, Description, Get, Returns, Route, Summary } from "@trellis/core";
import type { AppPlugin } from "@trellis/core/extend";
import { IsString } from "class-validator";
import { documented } from "./documented.ts";

// #region plugin
// A third-party app plugin, as its own package would hold it: a documented route, and hooks for
// when the app is ready and when it closes. Core is not edited to add it.

/** What `GET /about` answers. */
export interface About {
  readonly version: string;
  readonly uptimeSeconds: number;
}

/** How a typed client names the call: `createClient<{ about: AboutApi }>(...).about.read()`. */
export abstract class AboutApi {
  abstract read(): About;
}

/** Serves `GET /about`: the app's version and how long it has been ready. */
export function aboutPage(version: string): AppPlugin {
  return {
    name: "about",
    mount(context) {
      let readyAt: number | undefined;
      return {
        routes: [
          {
            method: "GET",
            path: "/about",
            handler: () =>
              Response.json({
                version,
                uptimeSeconds:
                  readyAt === undefined ? 0 : Math.floor((Date.now() - readyAt) / 1000),
              }),
            operation: {
              controller: AboutApi,
              handler: "read",
              operationId: "getAbout",
              summary: "About this service",
              description: "The running version, and the seconds since the app became ready.",
              tags: ["about"],
              responses: [
                {
                  status: 200,
                  description: "The version and uptime",
                  schema: {
                    type: "object",
                    required: ["version", "uptimeSeconds"],
                    properties: {
                      version: { type: "string" },
                      uptimeSeconds: { type: "integer", minimum: 0 },
                    },
                  },
                },
              ],
            },
          },
        ],
        ready() {
          readyAt = Date.now(); // providers exist now: context.resolve(...) works from here on
        },
        close() {
          context.logger.info?.("about: closed");
        },
      };
    },
  };
}
// #endregion

class Note {
  @IsString() id!: string;
}

@Route("/notes")
@Description("Short notes")
class NoteController extends Controller {
  @Get()
  @Summary("List notes")
  @Description("Every note.")
  @Returns(200, [Note], "Every note")
  list(): Note[] {
    return [{ id: "1" }];
  }
}

// #region usage
export const app = createApp({
  schema: classValidator(),
  controllers: [NoteController],
  plugins: [aboutPage("1.4.0")],
  openapi: documented("notes", "Notes, and what is running."),
});
// #endregion

/** The about page, its operation in the document, and a second app refused for a taken path. */
export async function demo() {
  const about = await app.fetch(new Request("http://localhost/about"));
  @Route("/about")
  class AboutController extends Controller {
    @Get()
    read() {
      return {};
    }
  }
  let refused: unknown;
  try {
    createApp({
      schema: classValidator(),
      controllers: [AboutController],
      plugins: [aboutPage("1")],
    });
  } catch (error) {
    refused = error;
  }
  return { about, document: app.document, refused };
}

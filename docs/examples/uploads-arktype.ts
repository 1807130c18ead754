import { arktypeFileOptions, fileCheck, standardSchema } from "@trellis/adapter-standard-schema";
import {
  Body,
  BodyLimit,
  Controller,
  createApp,
  Description,
  type Infer,
  Param,
  Put,
  Returns,
  Route,
  Summary,
} from "@trellis/core";
import { type } from "arktype";
import { documented } from "./documented.ts";

/** What the upload answers: the fields, and what was received of each file. */
const StoredProfile = type({
  id: "string",
  caption: "string",
  "public?": "boolean",
  avatar: { name: "string", type: "string", size: "number.integer" },
  attachments: "string[]",
});

// #region model
const ProfileUpload = type({
  caption: "string <= 80",
  "public?": "boolean",
  avatar: type
    .instanceOf(File)
    .narrow(fileCheck({ maxSize: 1024 * 1024, mimeTypes: ["image/png", "image/jpeg"] })),
  "attachments?": type
    .instanceOf(File)
    .narrow(fileCheck({ maxSize: 5 * 1024 * 1024 }))
    .array(),
});
type ProfileUpload = Infer<typeof ProfileUpload>;

// ArkType's converter learns from these options how to document a File and its fileCheck limits.
const adapter = standardSchema({ jsonSchemaOptions: arktypeFileOptions });
// #endregion

@Route("/profiles")
@Description("Profiles with pictures")
class ProfileController extends Controller {
  @Put("/:id")
  @Summary("Upload a profile")
  @Description("A caption, an avatar image and optional attachments, as a form.")
  @Returns(200, StoredProfile, "What was stored")
  @BodyLimit(12 * 1024 * 1024) // the whole body: every field and file together
  async upload(
    @Param("id") id: string,
    @Body(ProfileUpload, { contentType: "multipart/form-data" }) input: ProfileUpload,
  ) {
    const { avatar, attachments = [] } = input;
    const bytes = new Uint8Array(await avatar.arrayBuffer()); // or avatar.stream()
    return {
      id,
      caption: input.caption,
      public: input.public,
      avatar: { name: avatar.name, type: avatar.type, size: bytes.byteLength },
      attachments: attachments.map((file) => file.name),
    };
  }
}

export const app = createApp({
  schema: adapter,
  controllers: [ProfileController],
  openapi: documented("profiles", "Profiles uploaded as forms with files."),
});

/** Uploads through `app.fetch`: a valid form, a too-large avatar, a GIF, and the document. */
export async function demo() {
  // PNG bytes: a file declared image/png must start with the PNG signature.
  const png = (size: number) => {
    const bytes = new Uint8Array(size);
    bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    return bytes;
  };
  const put = (edit: (form: FormData) => void) => {
    const form = new FormData();
    form.set("caption", "At the lake");
    form.set("public", "true");
    form.set("avatar", new File([png(2048)], "me.png", { type: "image/png" }));
    edit(form);
    return app.fetch(new Request("http://localhost/profiles/7", { method: "PUT", body: form }));
  };
  const notes = (form: FormData) => {
    form.append("attachments", new File(["a"], "a.txt", { type: "text/plain" }));
    form.append("attachments", new File(["bc"], "b.txt", { type: "text/plain" }));
  };
  return {
    valid: await put(notes),
    tooBig: await put((form) =>
      form.set("avatar", new File([png(1024 * 1024 + 1)], "me.png", { type: "image/png" })),
    ),
    wrongType: await put((form) =>
      form.set("avatar", new File(["GIF89a"], "me.gif", { type: "image/gif" })),
    ),
    document: app.document,
  };
}

import { zod } from "@trellis/adapter-zod";
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
import * as z from "zod";
import { documented } from "./documented.ts";

/** What the upload answers: the fields, and what was received of each file. */
const StoredProfile = z.object({
  id: z.string(),
  caption: z.string(),
  public: z.boolean().optional(),
  avatar: z.object({ name: z.string(), type: z.string(), size: z.int() }),
  attachments: z.array(z.string()),
});

// #region model
const ProfileUpload = z.object({
  caption: z.string().max(80),
  public: z.boolean().optional(),
  avatar: z
    .file()
    .max(1024 * 1024)
    .mime(["image/png", "image/jpeg"]),
  attachments: z.array(z.file().max(5 * 1024 * 1024)).optional(),
});
type ProfileUpload = Infer<typeof ProfileUpload>;
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
  schema: zod(),
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

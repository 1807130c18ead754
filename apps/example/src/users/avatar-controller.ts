import {
  Body,
  BodyLimit,
  Controller,
  Description,
  diskSink,
  Get,
  Inject,
  mediaTypeFromSignature,
  NotFoundException,
  OperationId,
  Param,
  Produces,
  Put,
  Returns,
  Route,
  Summary,
  Tags,
} from "@trellis/core";
import { AvatarRepository } from "./avatar-repository.js";
import { AvatarUpload, avatarTypes, maxAvatarBytes } from "./avatar-upload.js";
import { UserIdParams } from "./user-id-params.js";

const isAvatarType = (type: string | undefined): type is (typeof avatarTypes)[number] =>
  (avatarTypes as readonly (string | undefined)[]).includes(type);

/** Room for the multipart framing around the largest avatar. */
const formOverhead = 16 * 1024;

/**
 * Avatars stream to a temporary file while they arrive (removed once the answer is made), so an
 * upload holds no more than a small buffer in memory; the repository then stores the bytes.
 */
const avatarSink = diskSink({ maxSize: maxAvatarBytes });

/** Users' avatars: one PNG or JPEG image per user, stored with the user. */
@Route("/users")
@Tags("users")
export class AvatarController extends Controller {
  constructor(@Inject(AvatarRepository) private readonly avatars: AvatarRepository) {
    super();
  }

  @Put("/:id/avatar")
  @Summary("Set a user's avatar")
  @Description(
    "Stores a PNG or JPEG image of at most 1 MiB, sent as multipart/form-data in the field `avatar`, replacing any earlier one.",
  )
  @OperationId("setUserAvatar")
  @BodyLimit(maxAvatarBytes + formOverhead)
  @Returns(204, "The avatar is stored")
  @Returns(404, "No user has this id")
  async setAvatar(
    @Param(UserIdParams) { id }: UserIdParams,
    @Body(AvatarUpload, { contentType: "multipart/form-data", uploads: { avatar: avatarSink } })
    input: AvatarUpload,
  ): Promise<void> {
    const bytes = new Uint8Array(await input.avatar.arrayBuffer());
    if (!(await this.avatars.save(id, { bytes, type: input.avatar.type }))) {
      throw new NotFoundException("No user has this id.");
    }
  }

  @Get("/:id/avatar")
  @Summary("Get a user's avatar")
  @Description(
    "The image as it was uploaded, with its own media type (image/png or image/jpeg), whatever the Accept header prefers.",
  )
  @OperationId("getUserAvatar")
  @Produces(...avatarTypes)
  @Returns(200, "The avatar image")
  @Returns(404, "No user has this id, or the user has no avatar")
  async getAvatar(@Param(UserIdParams) { id }: UserIdParams): Promise<Response> {
    const avatar = await this.avatars.find(id);
    if (avatar === undefined) throw new NotFoundException("No user has this id.");
    // Served only as the image type its bytes are, checked again here: never under a type nobody
    // checked (a row stored before uploads were checked by their bytes, or written by hand).
    const type = avatar === null ? undefined : mediaTypeFromSignature(avatar.bytes);
    if (avatar === null || type !== avatar.type || !isAvatarType(type)) {
      throw new NotFoundException("This user has no avatar.");
    }
    return new Response(avatar.bytes, {
      headers: {
        "content-type": type,
        "cache-control": "no-cache",
        // Browsers must not guess another type from the bytes.
        "x-content-type-options": "nosniff",
      },
    });
  }
}

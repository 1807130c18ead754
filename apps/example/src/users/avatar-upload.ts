import { IsFile } from "@trellis/adapter-class-validator";

/** The largest avatar the API stores: 1 MiB. */
export const maxAvatarBytes = 1024 * 1024;

/** The image types an avatar may have. */
export const avatarTypes = ["image/png", "image/jpeg"] as const;

/**
 * The multipart form of `PUT /users/{id}/avatar`: one image under the field `avatar`, whose part
 * declares `image/png` or `image/jpeg`; core checks that its bytes are that type.
 */
export class AvatarUpload {
  @IsFile({ maxSize: maxAvatarBytes, mimeTypes: avatarTypes })
  avatar!: File;
}

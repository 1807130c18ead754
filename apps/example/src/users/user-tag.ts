import { entityTag } from "@trellis/conditional";
import type { User } from "./user.js";

/**
 * A user's `ETag`: a validator of the fields a client sees, so that `GET /users/{id}` and
 * `PATCH /users/{id}` agree on it without a version column (one would work the same way:
 * `entityTag(user.version)`). Any change of name or e-mail changes it.
 */
export const userTag = (user: User): string =>
  entityTag(Bun.hash(`${user.id}\n${user.name}\n${user.email}`).toString(36));

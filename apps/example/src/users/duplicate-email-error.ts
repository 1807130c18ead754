/** A user with this e-mail address (compared case-insensitively) already exists. */
export class DuplicateEmailError extends Error {
  override readonly name = "DuplicateEmailError";

  constructor(readonly email: string) {
    super(`A user with the e-mail address ${email} already exists.`);
  }
}

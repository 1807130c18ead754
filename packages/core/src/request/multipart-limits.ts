import { BadRequestException, PayloadTooLargeException } from "../errors/http-exceptions.js";
import { withoutStack } from "../errors/without-stack.js";
import { pointerToken } from "./request-inputs.js";

/**
 * A sink could not store a file (disk full, S3 unreachable): a server fault, logged with its
 * cause and answered as a generic 500, never as the client's mistake.
 */
export class UploadStorageError extends Error {
  override readonly name = "UploadStorageError";

  constructor(cause: unknown) {
    super("An uploaded file could not be stored.", { cause });
  }
}

/** A 413 for a form past one of its limits, saying which. */
export const formTooLarge = (message: string) =>
  withoutStack(() => new PayloadTooLargeException(`The request body ${message}.`));

/** A 413 for a file over its field's largest size, naming the field as a 400 would. */
export const fileTooLarge = (field: string, max: number) =>
  withoutStack(
    () =>
      new PayloadTooLargeException(`The request body has a file in "${field}" over ${max} bytes.`, {
        errors: [
          { in: "body", path: `/${pointerToken(field)}`, message: `must be at most ${max} bytes` },
        ],
      }),
  );

/** A 400 for a form whose framing or part heads cannot be read. */
export const formInvalid = (message: string) =>
  withoutStack(
    () =>
      new BadRequestException(`The request body ${message}.`, {
        errors: [{ in: "body", path: "", message }],
      }),
  );

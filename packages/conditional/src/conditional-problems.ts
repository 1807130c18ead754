import { HttpException } from "@trellis/core";
import { withoutStack } from "@trellis/core/extend";

// Each refusal's type is the section of the guide that explains it.
const guide = "https://github.com/trellis-framework/trellis/blob/main/docs/conditional-requests.md";

/** The problem `type` of each conditional request refusal, stable. */
export const conditionalProblemTypes = {
  failed: `${guide}#412-precondition-failed`,
  required: `${guide}#428-precondition-required`,
} as const;

const staleDetail =
  "The resource has changed since the validator the request sent (If-Match, If-None-Match or If-Unmodified-Since): fetch it again and retry with its current ETag.";

/**
 * 412: a precondition (`If-Match`, `If-Unmodified-Since`, `If-None-Match`) does not hold, as
 * problem+json with the stable type `conditionalProblemTypes.failed`. `checkPreconditions` throws
 * it; throw it yourself when a conditional write finds the row changed after the check.
 *
 * @example
 * if (!(await users.renameIfUnchanged(user, name))) throw new PreconditionFailedException();
 */
export class PreconditionFailedException extends HttpException {
  override readonly name: string = "PreconditionFailedException";

  constructor(detail: string = staleDetail) {
    super(412, detail, { type: conditionalProblemTypes.failed, title: "Precondition Failed" });
  }
}

/** The 412 the framework answers with, made without a stack trace. */
export const preconditionFailed = (): HttpException =>
  withoutStack(() => new PreconditionFailedException());

/** 428: the route changes state only with `If-Match`, and the request has none. */
export const preconditionRequired = (): HttpException =>
  withoutStack(
    () =>
      new HttpException(
        428,
        'This operation needs an If-Match header with the ETag of the resource as last read (or "*" for any current version).',
        { type: conditionalProblemTypes.required, title: "Precondition Required" },
      ),
  );

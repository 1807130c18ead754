import { methodTarget } from "../metadata/decorator-target.js";
import { ownClassMetadata } from "../metadata/metadata-store.js";
import type { ResponseValidation } from "../pipeline/response-validation.js";

/**
 * Validates what a handler returns against the `@Returns` schema of the status it answers with
 * (a mismatch is a logged 500 that reveals nothing of the value). `{ strip: true }` also removes
 * properties the schema does not declare before sending. The method's setting wins over the
 * class's, which wins over the app's `validateResponse`.
 *
 * @example
 * @Get("/:id")
 * @Returns(200, User)
 * @ValidateResponse({ strip: true })
 * get(@Param("id") id: string) {}
 */
export function ValidateResponse(on: ResponseValidation = true): ClassDecorator & MethodDecorator {
  return ((target: object, key?: string | symbol) => {
    if (key === undefined) {
      ownClassMetadata(target as Function).validateResponse = on;
      return;
    }
    const metadata = methodTarget("@ValidateResponse", target, key);
    if (metadata) metadata.validateResponse = on;
  }) as ClassDecorator & MethodDecorator;
}

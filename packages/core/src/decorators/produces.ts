import { methodTarget } from "../metadata/decorator-target.js";
import { ownClassMetadata } from "../metadata/metadata-store.js";

/**
 * Declares the media types a route answers with, in order of preference; on a class it applies to
 * every method without its own. A returned string, `Uint8Array`, `ArrayBuffer`, `Blob`
 * (`Bun.file(...)` too) or `ReadableStream` is sent as it is under the chosen type; other values
 * are still JSON. With several types the request's `Accept` chooses (`this.responseType` tells
 * the handler which); none acceptable is a 406. The document lists each type.
 *
 * @example
 * @Get("/export")
 * @Produces("text/csv", "application/json")
 * export() {
 *   return this.responseType === "text/csv" ? toCsv(users) : users;
 * }
 */
export function Produces(...mediaTypes: string[]): ClassDecorator & MethodDecorator {
  return ((target: object, key?: string | symbol) => {
    if (key === undefined) {
      ownClassMetadata(target as Function).produces = mediaTypes;
      return;
    }
    const metadata = methodTarget("@Produces", target, key);
    if (metadata) metadata.produces = mediaTypes;
  }) as ClassDecorator & MethodDecorator;
}

import { BadRequestException, NotFoundException } from "../errors/http-exceptions.js";
import { withoutStack } from "../errors/without-stack.js";

/** The problem `type` of a request naming a version the app does not serve: the guide's section. */
export const unsupportedVersionType =
  "https://github.com/trellis-framework/trellis/blob/main/docs/versioning.md#unsupported-version";

/**
 * 400: the version header names no version of the app (unknown, or not a version at all). The
 * problem lists the versions there are (`supportedVersions`), so a client can pick one.
 */
export const unsupportedVersion = (header: string, all: readonly string[]): BadRequestException =>
  withoutStack(
    () =>
      new BadRequestException(
        `The ${header} header names no version of this API; supported versions: ${all.join(", ")}.`,
        {
          type: unsupportedVersionType,
          title: "Unsupported API version",
          extensions: { supportedVersions: all },
        },
      ),
  );

/** 404: the version exists, but this method and path are not part of it. */
export const notInVersion = (version: string, served: readonly string[]): NotFoundException =>
  withoutStack(
    () =>
      new NotFoundException(
        `No route matches the request path in API version ${version}; it is served in version ${served.join(", ")}.`,
      ),
  );

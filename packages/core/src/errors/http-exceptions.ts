import { HttpException, type HttpExceptionOptions } from "./http-exception.js";

/**
 * 400: the request is malformed or invalid.
 *
 * @example
 * throw new BadRequestException("...");
 */
export class BadRequestException extends HttpException {
  override readonly name: string = "BadRequestException";

  constructor(detail?: string, options?: HttpExceptionOptions) {
    super(400, detail, options);
  }
}

/**
 * 401: the request lacks valid credentials.
 *
 * @example
 * throw new UnauthorizedException("...");
 */
export class UnauthorizedException extends HttpException {
  override readonly name: string = "UnauthorizedException";

  constructor(detail?: string, options?: HttpExceptionOptions) {
    super(401, detail, options);
  }
}

/**
 * 403: the caller may not do this.
 *
 * @example
 * throw new ForbiddenException("...");
 */
export class ForbiddenException extends HttpException {
  override readonly name: string = "ForbiddenException";

  constructor(detail?: string, options?: HttpExceptionOptions) {
    super(403, detail, options);
  }
}

/**
 * 404: the resource does not exist.
 *
 * @example
 * throw new NotFoundException(`No user ${id}`);
 */
export class NotFoundException extends HttpException {
  override readonly name: string = "NotFoundException";

  constructor(detail?: string, options?: HttpExceptionOptions) {
    super(404, detail, options);
  }
}

/**
 * 405: the path exists but not for this method (send an `Allow` header).
 *
 * @example
 * throw new MethodNotAllowedException(undefined, { headers: { allow: "GET, HEAD" } });
 */
export class MethodNotAllowedException extends HttpException {
  override readonly name: string = "MethodNotAllowedException";

  constructor(detail?: string, options?: HttpExceptionOptions) {
    super(405, detail, options);
  }
}

/**
 * 409: the request conflicts with the resource's state.
 *
 * @example
 * throw new ConflictException("...");
 */
export class ConflictException extends HttpException {
  override readonly name: string = "ConflictException";

  constructor(detail?: string, options?: HttpExceptionOptions) {
    super(409, detail, options);
  }
}

/**
 * 413: the request body is larger than allowed.
 *
 * @example
 * throw new PayloadTooLargeException("...");
 */
export class PayloadTooLargeException extends HttpException {
  override readonly name: string = "PayloadTooLargeException";

  constructor(detail?: string, options?: HttpExceptionOptions) {
    super(413, detail, options);
  }
}

/**
 * 406: none of the media types the route produces is acceptable to the client (its `Accept`).
 *
 * @example
 * throw new NotAcceptableException("This report is available as text/csv only.");
 */
export class NotAcceptableException extends HttpException {
  override readonly name: string = "NotAcceptableException";

  constructor(detail?: string, options?: HttpExceptionOptions) {
    super(406, detail, options);
  }
}

/**
 * 415: the request body's media type is not accepted.
 *
 * @example
 * throw new UnsupportedMediaTypeException("...");
 */
export class UnsupportedMediaTypeException extends HttpException {
  override readonly name: string = "UnsupportedMediaTypeException";

  constructor(detail?: string, options?: HttpExceptionOptions) {
    super(415, detail, options);
  }
}

/**
 * 422: the request is well-formed but cannot be processed.
 *
 * @example
 * throw new UnprocessableEntityException("...");
 */
export class UnprocessableEntityException extends HttpException {
  override readonly name: string = "UnprocessableEntityException";

  constructor(detail?: string, options?: HttpExceptionOptions) {
    super(422, detail, options);
  }
}

/**
 * 429: the caller sent too many requests.
 *
 * @example
 * throw new TooManyRequestsException("Slow down", { headers: { "retry-after": "30" } });
 */
export class TooManyRequestsException extends HttpException {
  override readonly name: string = "TooManyRequestsException";

  constructor(detail?: string, options?: HttpExceptionOptions) {
    super(429, detail, options);
  }
}

/**
 * 500: the server failed.
 *
 * @example
 * throw new InternalServerErrorException("...");
 */
export class InternalServerErrorException extends HttpException {
  override readonly name: string = "InternalServerErrorException";

  constructor(detail?: string, options?: HttpExceptionOptions) {
    super(500, detail, options);
  }
}

/**
 * 503: the server cannot answer right now (a dependency is down); say when to retry.
 *
 * @example
 * throw new ServiceUnavailableException("Try again shortly", { headers: { "retry-after": "5" } });
 */
export class ServiceUnavailableException extends HttpException {
  override readonly name: string = "ServiceUnavailableException";

  constructor(detail?: string, options?: HttpExceptionOptions) {
    super(503, detail, options);
  }
}

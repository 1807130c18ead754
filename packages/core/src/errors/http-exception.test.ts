import { describe, expect, it } from "vitest";
import { HttpException } from "./http-exception.js";
import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  InternalServerErrorException,
  MethodNotAllowedException,
  NotFoundException,
  PayloadTooLargeException,
  TooManyRequestsException,
  UnauthorizedException,
  UnprocessableEntityException,
  UnsupportedMediaTypeException,
} from "./http-exceptions.js";

describe("HttpException", () => {
  it("becomes an RFC 9457 problem with the standard title", () => {
    const error = new HttpException(409, "Taken", {
      errors: [{ in: "body", path: "/email", message: "is taken" }],
      extensions: { field: "email", status: 999, title: "ignored" },
    });
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toBe("Taken");
    expect(error.toProblem()).toEqual({
      field: "email",
      type: "about:blank",
      title: "Conflict",
      status: 409,
      detail: "Taken",
      errors: [{ in: "body", path: "/email", message: "is taken" }],
    });
    expect(new HttpException(404).toProblem()).toEqual({
      type: "about:blank",
      title: "Not Found",
      status: 404,
    });
    expect(
      new HttpException(499, "x", { type: "https://e.x/t", title: "Mine" }).toProblem(),
    ).toMatchObject({
      type: "https://e.x/t",
      title: "Mine",
    });
  });

  it.each([
    [BadRequestException, 400, "Bad Request"],
    [UnauthorizedException, 401, "Unauthorized"],
    [ForbiddenException, 403, "Forbidden"],
    [NotFoundException, 404, "Not Found"],
    [MethodNotAllowedException, 405, "Method Not Allowed"],
    [ConflictException, 409, "Conflict"],
    [PayloadTooLargeException, 413, "Content Too Large"],
    [UnsupportedMediaTypeException, 415, "Unsupported Media Type"],
    [UnprocessableEntityException, 422, "Unprocessable Content"],
    [TooManyRequestsException, 429, "Too Many Requests"],
    [InternalServerErrorException, 500, "Internal Server Error"],
  ] as const)("%o is %i %s", (Exception, status, title) => {
    const error = new Exception("detail", { headers: { "retry-after": "1" } });
    expect(error).toBeInstanceOf(HttpException);
    expect(error.name).toBe(Exception.name);
    expect(error.toProblem()).toEqual({ type: "about:blank", title, status, detail: "detail" });
    expect(error.headers).toEqual({ "retry-after": "1" });
  });
});

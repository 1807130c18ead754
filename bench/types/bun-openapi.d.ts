// Type-check shim for the parts of bun-openapi the benchmark uses. The package publishes raw .ts
// sources that do not compile under our strict settings, so tsconfig.typecheck.json maps the
// import here; at run time Bun loads the real package.
import type { Serve, Server } from "bun";

type Handler = (req: Request, server: Server<undefined>) => Response | Promise<Response>;

/** bun-openapi's controller base class. */
export declare class Controller {
  setStatus(code: number): void;
  setHeader(name: string, value: string): void;
}

export declare function Route(prefix: string): ClassDecorator;
export declare function Get(path?: string): MethodDecorator;
export declare function Post(path?: string): MethodDecorator;
export declare function Returns(
  code: number,
  schema?: unknown,
  description?: string,
): MethodDecorator;
export declare function Param(config?: unknown): ParameterDecorator;
export declare function Query(config?: unknown): ParameterDecorator;
export declare function Body(schema?: unknown, contentType?: string): ParameterDecorator;

/** What createApp returns. */
export interface AppResult {
  routes: Record<string, Partial<Record<Serve.HTTPMethod, Handler>>>;
  fetch: Handler;
  spec: unknown;
}

/** What an error formatter is given besides the error. */
export interface ErrorFormatterContext {
  request: Request;
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/** Builds routes and an OpenAPI document from decorated controllers. */
export declare function createApp(config: {
  schema: unknown;
  controllers?: (new (...args: never[]) => unknown)[];
  openapi?: { service: { name: string; version: string; description?: string } };
  errorFormatter?: (
    error: unknown,
    context: ErrorFormatterContext,
  ) => Response | { status?: number; headers?: HeadersInit; body?: unknown };
}): AppResult;

import { ForbiddenException, UnauthorizedException } from "../errors/http-exceptions.js";
import { withoutStack } from "../errors/without-stack.js";
import type { Operation } from "../operation/operation.js";
import { isThenable } from "../pubsub/is-thenable.js";
import { RouteExecutionContext } from "./execution-context.js";
import type { GuardCheck } from "./resolve-pipeline-items.js";

/** A guard with its name, for the log line when it answers something that is not a verdict. */
export interface NamedGuard {
  readonly name: string;
  readonly check: GuardCheck;
}

/** One security requirement with the runtime check of its scheme. */
export interface SecurityCheck extends NamedGuard {
  readonly scopes: readonly string[];
}

/** Outcome of the access stage: undefined allows; a `Response` is the answer. Throws to refuse. */
export type AccessCheck = (
  request: Request,
  params: readonly string[] | undefined,
  decoded: boolean | undefined,
) => Response | undefined | Promise<Response | undefined>;

// The first failure other than a plain `false` among security alternatives: it is what is sent.
type Failure = { readonly response: Response } | { readonly error: unknown } | undefined;

const notAVerdict = (name: string, value: unknown) =>
  new TypeError(
    `guard ${name} returned ${value === null ? "null" : typeof value}; a guard answers true, false or a Response`,
  );

/** A guard's answer: undefined allows, a Response is sent; `false` is 403. */
function guardVerdict(guard: NamedGuard, result: unknown): Response | undefined {
  if (result === true) return undefined;
  if (result === false) {
    throw withoutStack(() => new ForbiddenException("Access to this operation is denied."));
  }
  if (result instanceof Response) return result;
  throw notAVerdict(guard.name, result);
}

function runGuards(
  guards: readonly NamedGuard[],
  context: RouteExecutionContext,
  start: number,
): Response | undefined | Promise<Response | undefined> {
  for (let index = start; index < guards.length; index++) {
    const guard = guards[index] as NamedGuard;
    const result = guard.check(context);
    if (result === true) continue;
    if (isThenable(result)) {
      return Promise.resolve(result).then((settled) => {
        const verdict = guardVerdict(guard, settled);
        return verdict === undefined ? runGuards(guards, context, index + 1) : verdict;
      });
    }
    const verdict = guardVerdict(guard, result);
    if (verdict !== undefined) return verdict;
  }
  return undefined;
}

function recordResult(failure: Failure, requirement: SecurityCheck, result: unknown): Failure {
  if (failure !== undefined || result === false) return failure;
  if (result instanceof Response) return { response: result };
  return { error: notAVerdict(requirement.name, result) };
}

/**
 * The alternatives of an operation's security, in order: the first that answers `true` allows.
 * When none does, the first answer other than `false` (a thrown error, a Response) is the outcome,
 * else a 401 with the schemes' challenges.
 */
function runSecurity(
  requirements: readonly SecurityCheck[],
  context: RouteExecutionContext,
  start: number,
  failure: Failure,
  unauthorized: () => never,
): Response | undefined | Promise<Response | undefined> {
  for (let index = start; index < requirements.length; index++) {
    const requirement = requirements[index] as SecurityCheck;
    let result: unknown;
    try {
      result = requirement.check(context.withScopes(requirement.scopes));
    } catch (error) {
      failure ??= { error };
      continue;
    }
    if (result === true) return undefined;
    if (isThenable(result)) {
      return Promise.resolve(result).then(
        (settled) =>
          settled === true
            ? undefined
            : runSecurity(
                requirements,
                context,
                index + 1,
                recordResult(failure, requirement, settled),
                unauthorized,
              ),
        (error: unknown) =>
          runSecurity(requirements, context, index + 1, failure ?? { error }, unauthorized),
      );
    }
    failure = recordResult(failure, requirement, result);
  }
  if (failure === undefined) unauthorized();
  if ("response" in failure) return failure.response;
  throw failure.error;
}

/**
 * Compiles the access stage of a route (security requirements, then guards: global, class,
 * method), or undefined when it has none. Runs before the body is read; synchronous guards that
 * allow cost no promise.
 */
export function compileAccessCheck(
  operation: Operation,
  security: readonly SecurityCheck[],
  guards: readonly NamedGuard[],
  challenges: readonly string[],
): AccessCheck | undefined {
  if (security.length === 0 && guards.length === 0) return undefined;
  const headers = challenges.map((challenge): [string, string] => ["www-authenticate", challenge]);
  const unauthorized = (): never => {
    throw withoutStack(
      () =>
        new UnauthorizedException("Authentication is required.", {
          headers: headers.length > 0 ? headers : undefined,
        }),
    );
  };
  return (request, params, decoded) => {
    const context = new RouteExecutionContext(request, params, decoded, operation);
    if (security.length === 0) return runGuards(guards, context, 0);
    const secured = runSecurity(security, context, 0, undefined, unauthorized);
    if (guards.length === 0 || secured instanceof Response) return secured;
    if (secured === undefined) return runGuards(guards, context, 0);
    return secured.then((answer) =>
      answer === undefined ? runGuards(guards, context, 0) : answer,
    );
  };
}

import { TrellisConfigError } from "../errors/trellis-config-error.js";

/** What the operationId assignment needs to know about one operation. */
export interface OperationIdRequest {
  readonly controllerName: string;
  readonly handlerName: string;
  /** The `@OperationId`, if any. */
  readonly explicit: string | undefined;
}

/**
 * Assigns operationIds: explicit ones as given (two equal ones are `DUPLICATE_OPERATION_ID`),
 * generated ones as `ControllerName.method` reduced to `[A-Za-z0-9._-]`, suffixed `_2`, `_3`, ...
 * when taken. Explicit ids are reserved first so a generated id never steals one.
 */
export function assignOperationIds(requests: readonly OperationIdRequest[]): string[] {
  const taken = new Map<string, OperationIdRequest>();
  for (const request of requests) {
    if (request.explicit === undefined) continue;
    const owner = taken.get(request.explicit);
    if (owner) {
      throw new TrellisConfigError(
        "DUPLICATE_OPERATION_ID",
        `${request.controllerName}.${request.handlerName}: operationId "${request.explicit}" is already used by ${owner.controllerName}.${owner.handlerName}.`,
      );
    }
    taken.set(request.explicit, request);
  }
  return requests.map((request) => {
    if (request.explicit !== undefined) return request.explicit;
    const base = `${request.controllerName || "Controller"}.${request.handlerName}`.replace(
      /[^A-Za-z0-9._-]/g,
      "_",
    );
    let id = base;
    for (let suffix = 2; taken.has(id); suffix++) id = `${base}_${suffix}`;
    taken.set(id, request);
    return id;
  });
}

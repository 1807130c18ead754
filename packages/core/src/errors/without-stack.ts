/**
 * Makes an error without capturing a stack trace. For the answers the framework gives a client's
 * mistake (validation, body, routing, access): their stack says nothing a log needs, and capturing
 * it is most of what making them costs, on the path an attacker can drive at will.
 */
export function withoutStack<T>(make: () => T): T {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return make();
  } finally {
    Error.stackTraceLimit = limit;
  }
}

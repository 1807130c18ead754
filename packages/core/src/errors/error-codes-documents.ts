/** The startup errors of the OpenAPI and AsyncAPI documents and their security, with templates. */
export const documentErrorCodes = {
  SCHEMA_NAME_COLLISION: {
    meaning:
      "two different schemas were given the same component name, or a model took a name Trellis reserves for its error schemas",
    message: 'The schema name "%s" %s; give %s another name.',
  },
  INVALID_SCHEMA_NAME: {
    meaning: "a component name is not allowed in OpenAPI",
    message: 'Schema name "%s" may only contain letters, digits, ".", "_" and "-".',
  },
  DUPLICATE_OPERATION_ID: {
    meaning: "two operations share one operationId (explicit or generated)",
    message: '%s and %s both have the operationId "%s"; give one of them @OperationId("...").',
  },
  UNDECLARED_SUCCESS_RESPONSE: {
    meaning: 'an operation has no 2xx `@Returns` and `openapi.undeclaredResponses` is `"error"`',
    message:
      '%s: no 2xx @Returns, so the document cannot say what %s; declare one (openapi.undeclaredResponses is "error").',
  },
  UNDECLARED_SECURITY_SCHEME: {
    meaning:
      "an operation, a WebSocket route or `openapi.security` uses a security scheme that `openapi.securitySchemes` does not declare",
    message: '%s uses the security scheme "%s", which openapi.securitySchemes does not declare.',
  },
  UNGUARDED_SECURITY_SCHEME: {
    meaning: "a security scheme is used but `security` gives no runtime check for it",
    message:
      '%s requires the security scheme "%s", but createApp\'s security option gives no runtime check for it; add security: { %s: guard }.',
  },
  UNKNOWN_SECURITY_SCHEME: {
    meaning:
      "a key of createApp's `security` names a scheme that `openapi.securitySchemes` does not declare",
    message: "createApp: security.%s names no scheme of openapi.securitySchemes, which %s.",
  },
} as const;

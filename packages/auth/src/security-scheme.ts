/** An OpenAPI security scheme object, as `openapi.securitySchemes` takes it. */
export type OpenApiSecurityScheme = Readonly<Record<string, unknown>> & { readonly type: string };

/** The span attribute the authenticated subject is recorded under (OpenTelemetry `enduser.id`). */
export const subjectAttribute = "enduser.id";

// Type-check shim for bun-openapi/adapters/typebox (see bun-openapi.d.ts).
export declare function typebox(): unknown;

// Type-check shim for bun-openapi/adapters/class-validator (see bun-openapi.d.ts).
export declare function classValidator(): unknown;

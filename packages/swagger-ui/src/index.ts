// Public API of @trellis/swagger-ui. Explicit named exports only; only types come from core.

export type { SwaggerUiPlugin } from "./swagger-ui.js";
export { swaggerUi } from "./swagger-ui.js";
export type { SwaggerUiOptions } from "./swagger-ui-options.js";

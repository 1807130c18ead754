// Public API of @trellis/swagger-ui. Explicit named exports only; only types come from core.

export type { ModuleGraphOptions } from "./module-graph.js";
export { moduleGraph } from "./module-graph.js";
export { moduleGraphDot } from "./module-graph-dot.js";
export type { SwaggerUiOAuthOptions } from "./oauth-options.js";
export type { SwaggerUiPlugin } from "./swagger-ui.js";
export { swaggerUi } from "./swagger-ui.js";
export type { SwaggerUiOptions } from "./swagger-ui-options.js";

// Public API of @trellis/conditional. Explicit named exports only.

export type { CurrentValidators } from "@trellis/core/extend";
export { Conditional } from "./conditional-decorator.js";
export type {
  ConditionalAppOptions,
  ConditionalOptions,
  ConditionalPlan,
} from "./conditional-policy.js";
export { conditionalProblemTypes, PreconditionFailedException } from "./conditional-problems.js";
export { conditionalKey, conditionalRequests } from "./conditional-requests.js";
export type { EntityTagOptions } from "./entity-tag.js";
export { entityTag } from "./entity-tag.js";

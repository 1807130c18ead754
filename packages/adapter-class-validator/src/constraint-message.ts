import type { ValidationArguments, ValidatorOptions } from "class-validator";
import type { ValidationMetadata } from "./class-plan.js";

/** A constraint class's validator, as class-validator's container holds it. */
export interface ConstraintValidator {
  validate(value: unknown, args: ValidationArguments): unknown;
  defaultMessage?(args: ValidationArguments): string;
}

/** A constraint class, as class-validator's metadata storage lists it. */
export interface Constraint {
  readonly name?: string;
  readonly async: boolean;
  readonly instance: ConstraintValidator;
}

/** Converts a constraint to a string in a message, as class-validator's ValidationUtils does. */
function constraintToString(constraint: unknown): string {
  if (Array.isArray(constraint)) return constraint.join(", ");
  if (typeof constraint === "symbol") return `${constraint.description}`;
  return `${constraint}`;
}

/** class-validator's ValidationUtils.replaceMessageSpecialTokens (not exported by its index). */
function replaceTokens(message: unknown, args: ValidationArguments): string {
  let text: string | undefined;
  if (message instanceof Function) text = message(args);
  else if (typeof message === "string") text = message;
  if (text && Array.isArray(args.constraints)) {
    args.constraints.forEach((constraint, index) => {
      text = (text as string).replace(
        new RegExp(`\\$constraint${index + 1}`, "g"),
        constraintToString(constraint),
      );
    });
  }
  if (
    text &&
    args.value !== undefined &&
    args.value !== null &&
    ["string", "boolean", "number"].includes(typeof args.value)
  ) {
    text = text.replace(/\$value/g, String(args.value));
  }
  if (text) text = text.replace(/\$property/g, args.property);
  if (text) text = text.replace(/\$target/g, args.targetName);
  return text as string;
}

/**
 * The code and message class-validator gives a failed constraint: the constraint's name (else the
 * metadata's type), and the decorator's `message` or, unless `dismissDefaultMessages`, the
 * constraint's default one, with its `$property`, `$constraint1`, ... tokens replaced.
 */
export function failure(
  metadata: ValidationMetadata,
  constraint: Constraint,
  args: ValidationArguments,
  options: ValidatorOptions,
): readonly [code: string, message: string] {
  let message: unknown = metadata.message || "";
  if (!metadata.message && !options.dismissDefaultMessages) {
    if (constraint.instance.defaultMessage instanceof Function) {
      message = constraint.instance.defaultMessage(args);
    }
  }
  return [constraint.name || metadata.type, replaceTokens(message, args)];
}

import { type InjectionToken, recordInjection } from "../di/injection-metadata.js";
import { ownClassMetadata } from "../metadata/metadata-store.js";

/**
 * Injects the provider of `token` into a constructor parameter, where the reflected type cannot
 * say it: a string or symbol token, an interface, a type-only import.
 *
 * @example
 * @Injectable()
 * class UserService {
 *   constructor(@Inject("DATABASE_URL") private readonly url: string) {}
 * }
 */
export function Inject(token: InjectionToken): ParameterDecorator {
  return (target, key, index) => {
    if (key !== undefined) {
      // Recorded, not thrown: createApp reports it with the class's name.
      const owner = typeof target === "function" ? target : target.constructor;
      ownClassMetadata(owner).misplaced.push(
        `@Inject on a parameter of method ${String(key)} (it belongs on constructor parameters)`,
      );
      return;
    }
    recordInjection(target as Function, index, token);
  };
}

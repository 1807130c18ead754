import { type ModuleDefinition, recordModule } from "../di/module-metadata.js";
import { isStandardCall, standardCall } from "../metadata/decorator-mode.js";

/**
 * Declares a module: a group of controllers and providers. Its controllers and providers see its
 * own providers and what its imports export; others see only what it exports. Give the root
 * modules to `createApp({ imports })`.
 *
 * @example
 * @Module({ providers: [Database], exports: [Database] })
 * class DatabaseModule {}
 *
 * @Module({ imports: [DatabaseModule], controllers: [UserController], providers: [UserRepository] })
 * class UsersModule {}
 *
 * const app = createApp({ schema: classValidator(), imports: [UsersModule] });
 */
export function Module(definition: ModuleDefinition): ClassDecorator {
  return (target: Function, context?: unknown) => {
    if (isStandardCall(context)) return standardCall("@Module", context);
    // Recorded as given: createApp checks it and names the module.
    recordModule(target, definition);
  };
}

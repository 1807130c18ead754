const connect: unique symbol = Symbol("trellis.connectPublisher");

/**
 * Publishes to the app's WebSocket subscribers from anywhere: injectable into any controller or
 * provider (an HTTP handler announces a change to every connection subscribed to a topic).
 * Before any connection was upgraded there is nobody to reach, and `publish` returns 0.
 *
 * @example
 * @Route("/users")
 * class UserController extends Controller {
 *   constructor(private readonly publisher: WebSocketPublisher) { super(); }
 *   @Post()
 *   create(@Body(NewUser) input: NewUser) {
 *     this.publisher.publish("users", { type: "user.created", data: input });
 *   }
 * }
 */
export class WebSocketPublisher {
  #publish: (topic: string, message: unknown) => number = () => 0;

  /** Sends `message` as JSON to every subscriber of `topic`; 0 when nobody could be reached. */
  publish(topic: string, message: unknown): number {
    return this.#publish(topic, message);
  }

  /** Wires the publisher to the app's sockets (createApp). */
  [connect](publish: (topic: string, message: unknown) => number): void {
    this.#publish = publish;
  }
}

/** Connects an app's publisher to its sockets (core only). */
export function connectPublisher(
  publisher: WebSocketPublisher,
  publish: (topic: string, message: unknown) => number,
): void {
  publisher[connect](publish);
}

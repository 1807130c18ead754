import { zod } from "@trellis/adapter-zod";
import {
  Body,
  Controller,
  Cookie,
  createApp,
  Get,
  Header,
  type Infer,
  NotFoundException,
  Param,
  Post,
  Produces,
  Query,
  Req,
  Returns,
  Route,
  Sse,
} from "@trellis/core";
import * as z from "zod";

export const Order = z.object({ id: z.string(), sku: z.string(), quantity: z.int() });
export type Order = Infer<typeof Order>;
const CreateOrder = z.object({ sku: z.string().min(1), quantity: z.int().min(1) });
const Upload = z.object({ name: z.string(), file: z.file(), tags: z.array(z.string()) });
const Paging = z.object({ page: z.int().min(1).default(1), tag: z.array(z.string()).optional() });

/** A controller that binds every location, for the client's tests. */
@Route("/orders")
export class OrderController extends Controller {
  private readonly orders: Order[] = [{ id: "1", sku: "tea", quantity: 2 }];

  @Get()
  @Returns(200, [Order])
  list(@Query(Paging) paging: Infer<typeof Paging>): Order[] {
    return paging.page === 2 ? [] : this.orders;
  }

  @Get("/:id")
  @Returns(200, Order)
  get(@Req() _request: Request, @Param("id") id: string): Order {
    const order = this.orders.find((item) => item.id === id);
    if (!order) throw new NotFoundException("No order has this id.");
    return order;
  }

  @Post()
  @Returns(201, Order)
  create(
    @Body(CreateOrder) input: Infer<typeof CreateOrder>,
    @Header("x-tenant") tenant: string,
    @Cookie("session") session: string,
  ): Order {
    this.setStatus(201);
    return { id: `${tenant}:${session}`, ...input };
  }

  @Post("/form")
  form(
    @Body(CreateOrder, { contentType: "application/x-www-form-urlencoded" })
    input: Infer<typeof CreateOrder>,
  ) {
    return input;
  }

  @Post("/upload")
  upload(@Body(Upload, { contentType: "multipart/form-data" }) input: Infer<typeof Upload>) {
    return { name: input.name, size: input.file.size, tags: input.tags };
  }

  @Sse("/events")
  @Returns(200, Order)
  async *events(@Query("from") from?: number) {
    yield { id: "1", event: "created", data: this.orders[0] as Order };
    yield { id: "2", data: { id: String(from ?? 2), sku: "rice", quantity: 1 } };
    yield "a line of text";
  }

  @Get("/export")
  @Produces("text/csv")
  export(): string {
    return this.orders.map((order) => `${order.id},${order.sku},${order.quantity}`).join("\n");
  }

  @Get("/echo/:a/:b")
  echo(@Param("a") a: string, @Query("q") q: string, @Param("b") b: number) {
    return { a, b, q };
  }
}

export const app = createApp({
  schema: zod(),
  controllers: [OrderController],
  docs: { swagger: true },
});

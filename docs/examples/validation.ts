import "reflect-metadata";
import { classValidator } from "@trellis/adapter-class-validator";
import {
  Body,
  Controller,
  createApp,
  Description,
  Post,
  Returns,
  Route,
  Summary,
} from "@trellis/core";
import { Type } from "class-transformer";
import {
  ArrayMinSize,
  IsArray,
  IsEmail,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Min,
  ValidateNested,
} from "class-validator";
import { documented } from "./documented.ts";

// #region models
class LineItem {
  @IsString() @IsNotEmpty() product!: string;
  @IsInt() @Min(1) quantity!: number;
}

class CreateOrderInput {
  @IsEmail() email!: string;
  @IsOptional() @IsString() note?: string;

  // Nested models need @ValidateNested() and class-transformer's @Type().
  @IsArray()
  @ArrayMinSize(1)
  @ValidateNested({ each: true })
  @Type(() => LineItem)
  items!: LineItem[];
}
// #endregion

@Route("/orders")
@Description("Orders of the shop")
class OrderController extends Controller {
  @Post()
  @Summary("Place an order")
  @Description("Stores the order and returns it.")
  @Returns(201, CreateOrderInput, "The order as stored")
  create(@Body(CreateOrderInput) input: CreateOrderInput) {
    this.setStatus(201);
    return input;
  }
}

export const app = createApp({
  schema: classValidator(),
  controllers: [OrderController],
  openapi: documented("orders", "Orders with line items."),
});

/** A valid order (its unknown property stripped) and one with nested mistakes. */
export async function demo() {
  const post = (body: unknown) =>
    app.fetch(
      new Request("http://localhost/orders", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      }),
    );
  return {
    valid: await post({
      email: "ada@example.com",
      items: [{ product: "tea", quantity: 2, price: 0 }],
      admin: true,
    }),
    nested: await post({ email: "ada@example.com", items: [{ product: "", quantity: 0 }] }),
    document: app.document,
  };
}

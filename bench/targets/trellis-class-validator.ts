// Trellis with the class-validator adapter, every scenario written as a user writes it: each
// input is a DTO class with constraint decorators. Unknown body properties (S5) are stripped by the
// adapter's default `unknownProperties: "strip"` (class-validator's `whitelist`), at every nested
// level, so `tracking` and each item's `internalCode` never reach the handler.
//
// This adapter's schemas are classes, so it has no constrained SCALAR schema for a named binding
// (`@Query("page", schema)` takes a class only). Where the contract names one:
// - S3s binds `@Query("page") page: number` (core checks it is a number) and checks integer and
//   range in the handler, answering the same 400 problem+json (`errors` with `in` and `path`);
// - S4 binds the header and the query as DTO classes (`@Header(TenantHeaders)`,
//   `@Query(SummaryQuery)`), class-validator's usual form for constrained values.
import "reflect-metadata";
import { classValidator } from "@trellis/adapter-class-validator";
import {
  BadRequestException,
  Body,
  Controller,
  createApp,
  type ExecutionContext,
  Get,
  Header,
  Param,
  Post,
  type ProblemIssue,
  Query,
  Returns,
  Route,
  Security,
} from "@trellis/core";
import { Type } from "class-transformer";
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsEmail,
  IsIn,
  IsInt,
  IsNumber,
  IsObject,
  IsRFC3339,
  IsString,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateIf,
  ValidateNested,
} from "class-validator";
import {
  AccountService,
  CURRENCIES,
  type Currency,
  S4_TOKEN,
  TENANT_PATTERN,
} from "./shared/accounts.js";
import { hostname, port, ready } from "./shared/listen.js";
import { createOrder } from "./shared/orders.js";
import { createUser, findUser, listUsers } from "./shared/users.js";

// S1, S1s, S2, S3, S3s, S6: users.
class User {
  @IsString() id!: string;
  @IsString() name!: string;
  @IsString() email!: string;
}

class CreateUser {
  @IsString() @MinLength(1) name!: string;
  @IsEmail() email!: string;
}

class UserParams {
  @IsString() id!: string;
}

class ListQuery {
  @IsInt() @Min(1) page!: number;
  @IsInt() @Min(1) @Max(100) limit!: number;
}

// S4: the guarded account summary.
class TenantHeaders {
  @Matches(TENANT_PATTERN) "x-tenant-id"!: string;
}

class SummaryQuery {
  @IsIn(CURRENCIES) currency!: Currency;
}

class AccountSummary {
  @IsString() tenant!: string;
  @IsIn(CURRENCIES) currency!: Currency;
  @IsString() accountId!: string;
  @IsString() name!: string;
  @IsString() email!: string;
  @IsString() plan!: string;
  @IsString() status!: string;
  @IsRFC3339() createdAt!: string;
  @IsRFC3339() updatedAt!: string;
  @IsString() country!: string;
  @IsString() city!: string;
  @IsString() timezone!: string;
  @IsString() locale!: string;
  @IsNumber() balance!: number;
  @IsNumber() creditLimit!: number;
  @IsInt() openOrders!: number;
  @IsInt() lifetimeOrders!: number;
  @IsNumber() averageOrderValue!: number;
  @IsBoolean() verified!: boolean;
  @IsBoolean() marketingOptIn!: boolean;
}

// S5: the 16 KB order.
class Customer {
  @IsString() @MinLength(1) id!: string;
  @IsString() @MinLength(1) name!: string;
  @IsEmail() email!: string;
}

class OrderItem {
  @IsString() @Length(1, 32) sku!: string;
  @IsString() @Length(1, 200) name!: string;
  @IsInt() @Min(1) @Max(1000) quantity!: number;
  @IsNumber() @Min(0) price!: number;
  @IsArray() @ArrayMaxSize(10) @IsString({ each: true }) tags!: string[];
}

class CreateOrder {
  @IsObject() @ValidateNested() @Type(() => Customer) customer!: Customer;

  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(1000)
  @ValidateNested({ each: true })
  @Type(() => OrderItem)
  items!: OrderItem[];

  // Optional but not nullable (`@IsOptional()` would let `null` through too).
  @ValidateIf((_, value) => value !== undefined) @IsString() @MaxLength(500) note?: string;
}

class OrderReceipt {
  @IsString() id!: string;
  @IsInt() itemCount!: number;
  @IsNumber() total!: number;
  @ValidateNested() @Type(() => OrderItem) firstItem!: OrderItem;
}

@Route("/users")
class UserController extends Controller {
  @Get("/:id")
  @Returns(200, User)
  get(@Param(UserParams) params: UserParams) {
    return findUser(params.id);
  }

  @Post()
  @Returns(201, User)
  create(@Body(CreateUser) body: CreateUser) {
    this.setStatus(201);
    return createUser(body);
  }

  @Get()
  @Returns(200, [User])
  list(@Query(ListQuery) query: ListQuery) {
    return listUsers(query.page, query.limit);
  }
}

/** True for an integer from `min` to `max`; a missing value (`undefined`) is not. */
function isIntegerIn(value: number | undefined, min: number, max: number): value is number {
  return Number.isSafeInteger(value) && (value as number) >= min && (value as number) <= max;
}

/** The issue of a query integer that `isIntegerIn` refused. */
function integerIssue(name: string, value: number | undefined, rule: string): ProblemIssue {
  const message = value === undefined ? "is required" : `must be ${rule}`;
  return { in: "query", path: `/${name}`, message };
}

/** S1s and S3s: the same routes with one binding per value. */
@Route("/scalar/users")
class ScalarUserController extends Controller {
  @Get("/:id")
  @Returns(200, User)
  get(@Param("id") id: string) {
    return findUser(id);
  }

  @Get()
  @Returns(200, [User])
  list(@Query("page") page?: number, @Query("limit") limit?: number) {
    // No scalar schema with class-validator: the constraints ListQuery declares, checked by hand.
    const pageOk = isIntegerIn(page, 1, Number.MAX_SAFE_INTEGER);
    const limitOk = isIntegerIn(limit, 1, 100);
    if (!pageOk || !limitOk) {
      const errors: ProblemIssue[] = [];
      if (!pageOk) errors.push(integerIssue("page", page, "an integer of at least 1"));
      if (!limitOk) errors.push(integerIssue("limit", limit, "an integer from 1 to 100"));
      throw new BadRequestException("Request validation failed", { errors });
    }
    return listUsers(page, limit);
  }
}

@Route("/accounts")
@Security("bearer")
class AccountController extends Controller {
  constructor(private readonly accounts: AccountService) {
    super();
  }

  @Get("/summary")
  @Returns(200, AccountSummary)
  summary(@Header(TenantHeaders) headers: TenantHeaders, @Query(SummaryQuery) query: SummaryQuery) {
    return this.accounts.summary(headers["x-tenant-id"], query.currency);
  }
}

@Route("/orders")
class OrderController extends Controller {
  @Post()
  @Returns(201, OrderReceipt)
  create(@Body(CreateOrder) order: CreateOrder) {
    this.setStatus(201);
    return createOrder(order);
  }
}

/** The "bearer" scheme's runtime check: `false` is a 401, before any input is validated. */
const bearer = ({ request }: ExecutionContext) =>
  request.headers.get("authorization") === `Bearer ${S4_TOKEN}`;

const app = createApp({
  schema: classValidator(),
  controllers: [UserController, ScalarUserController, AccountController, OrderController],
  providers: [AccountService],
  security: { bearer },
  openapi: {
    service: { name: "bench", version: "1.0.0" },
    securitySchemes: { bearer: { type: "http", scheme: "bearer" } },
  },
});

Bun.serve({ port, hostname, routes: app.routes, fetch: app.fetch });

ready("trellis-class-validator");

// Trellis with the Standard Schema adapter and ArkType types, every scenario written as a user
// writes it. ArkType itself keeps undeclared keys; the adapter's default `unknownProperties:
// "strip"` has core remove them from the validated value, at every depth, from the type's JSON
// Schema, so S5's `tracking` and each item's `internalCode` never reach the handler.
import { standardSchema } from "@trellis/adapter-standard-schema";
import {
  Body,
  Controller,
  createApp,
  type ExecutionContext,
  Get,
  Header,
  Param,
  Post,
  Query,
  Returns,
  Route,
  Security,
} from "@trellis/core";
import { type } from "arktype";
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

// ArkType's way to add a metadata key: `id` names a component.
declare global {
  interface ArkEnv {
    meta(): { id?: string };
  }
}

// S1, S1s, S2, S3, S3s, S6: users.
const User = type({ id: "string", name: "string", email: "string" }).configure({ id: "User" });
const CreateUser = type({ name: "string > 0", email: "string.email" }).configure({
  id: "CreateUser",
});
const UserParams = type({ id: "string" });
const PageSchema = type("number.integer >= 1");
const LimitSchema = type("1 <= number.integer <= 100");
const ListQuery = type({ page: PageSchema, limit: LimitSchema });

// S4: the guarded account summary.
const TenantSchema = type(TENANT_PATTERN);
const CurrencySchema = type.enumerated(...CURRENCIES);
const AccountSummary = type({
  tenant: "string",
  currency: CurrencySchema,
  accountId: "string",
  name: "string",
  email: "string",
  plan: "string",
  status: "string",
  createdAt: "string.date.iso",
  updatedAt: "string.date.iso",
  country: "string",
  city: "string",
  timezone: "string",
  locale: "string",
  balance: "number",
  creditLimit: "number",
  openOrders: "number.integer",
  lifetimeOrders: "number.integer",
  averageOrderValue: "number",
  verified: "boolean",
  marketingOptIn: "boolean",
}).configure({ id: "AccountSummary" });

// S5: the 16 KB order.
const OrderItem = type({
  sku: "0 < string <= 32",
  name: "0 < string <= 200",
  quantity: "1 <= number.integer <= 1000",
  price: "number >= 0",
  tags: "string[] <= 10",
}).configure({ id: "OrderItem" });
const CreateOrder = type({
  customer: { id: "string > 0", name: "string > 0", email: "string.email" },
  items: OrderItem.array().atLeastLength(1).atMostLength(1000),
  "note?": "string <= 500",
}).configure({ id: "CreateOrder" });
const OrderReceipt = type({
  id: "string",
  itemCount: "number.integer",
  total: "number",
  firstItem: OrderItem,
}).configure({ id: "OrderReceipt" });

@Route("/users")
class UserController extends Controller {
  @Get("/:id")
  @Returns(200, User)
  get(@Param(UserParams) params: typeof UserParams.infer) {
    return findUser(params.id);
  }

  @Post()
  @Returns(201, User)
  create(@Body(CreateUser) body: typeof CreateUser.infer) {
    this.setStatus(201);
    return createUser(body);
  }

  @Get()
  @Returns(200, [User])
  list(@Query(ListQuery) query: typeof ListQuery.infer) {
    return listUsers(query.page, query.limit);
  }
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
  list(@Query("page", PageSchema) page: number, @Query("limit", LimitSchema) limit: number) {
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
  summary(
    @Header("x-tenant-id", TenantSchema) tenant: string,
    @Query("currency", CurrencySchema) currency: Currency,
  ) {
    return this.accounts.summary(tenant, currency);
  }
}

@Route("/orders")
class OrderController extends Controller {
  @Post()
  @Returns(201, OrderReceipt)
  create(@Body(CreateOrder) order: typeof CreateOrder.infer) {
    this.setStatus(201);
    return createOrder(order);
  }
}

/** The "bearer" scheme's runtime check: `false` is a 401, before any input is validated. */
const bearer = ({ request }: ExecutionContext) =>
  request.headers.get("authorization") === `Bearer ${S4_TOKEN}`;

const app = createApp({
  schema: standardSchema(),
  controllers: [UserController, ScalarUserController, AccountController, OrderController],
  providers: [AccountService],
  security: { bearer },
  openapi: {
    service: { name: "bench", version: "1.0.0" },
    securitySchemes: { bearer: { type: "http", scheme: "bearer" } },
  },
});

Bun.serve({ port, hostname, routes: app.routes, fetch: app.fetch });

ready("trellis-arktype");

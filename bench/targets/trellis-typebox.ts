// Trellis with the TypeBox adapter (@sinclair/typebox 0.34), every scenario written as a user
// writes it. Unknown body properties (S5) are stripped by the adapter's default
// `unknownProperties: "strip"`; plain `Type.Object`s (no `additionalProperties: false`) say nothing
// else, so `tracking` and each item's `internalCode` never reach the handler.
import { type Static, Type } from "@sinclair/typebox";
import { typebox } from "@trellis/adapter-typebox";
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
const User = Type.Object(
  { id: Type.String(), name: Type.String(), email: Type.String() },
  { $id: "User" },
);
const CreateUser = Type.Object(
  { name: Type.String({ minLength: 1 }), email: Type.String({ format: "email" }) },
  { $id: "CreateUser" },
);
const UserParams = Type.Object({ id: Type.String() });
const PageSchema = Type.Integer({ minimum: 1 });
const LimitSchema = Type.Integer({ minimum: 1, maximum: 100 });
const ListQuery = Type.Object({ page: PageSchema, limit: LimitSchema });

// S4: the guarded account summary.
const TenantSchema = Type.String({ pattern: TENANT_PATTERN.source });
const CurrencySchema = Type.Union(CURRENCIES.map((currency) => Type.Literal(currency)));
const AccountSummary = Type.Object(
  {
    tenant: Type.String(),
    currency: CurrencySchema,
    accountId: Type.String(),
    name: Type.String(),
    email: Type.String(),
    plan: Type.String(),
    status: Type.String(),
    createdAt: Type.String({ format: "date-time" }),
    updatedAt: Type.String({ format: "date-time" }),
    country: Type.String(),
    city: Type.String(),
    timezone: Type.String(),
    locale: Type.String(),
    balance: Type.Number(),
    creditLimit: Type.Number(),
    openOrders: Type.Integer(),
    lifetimeOrders: Type.Integer(),
    averageOrderValue: Type.Number(),
    verified: Type.Boolean(),
    marketingOptIn: Type.Boolean(),
  },
  { $id: "AccountSummary" },
);

// S5: the 16 KB order.
const OrderItem = Type.Object(
  {
    sku: Type.String({ minLength: 1, maxLength: 32 }),
    name: Type.String({ minLength: 1, maxLength: 200 }),
    quantity: Type.Integer({ minimum: 1, maximum: 1000 }),
    price: Type.Number({ minimum: 0 }),
    tags: Type.Array(Type.String(), { maxItems: 10 }),
  },
  { $id: "OrderItem" },
);
const CreateOrder = Type.Object(
  {
    customer: Type.Object({
      id: Type.String({ minLength: 1 }),
      name: Type.String({ minLength: 1 }),
      email: Type.String({ format: "email" }),
    }),
    items: Type.Array(OrderItem, { minItems: 1, maxItems: 1000 }),
    note: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { $id: "CreateOrder" },
);
const OrderReceipt = Type.Object(
  { id: Type.String(), itemCount: Type.Integer(), total: Type.Number(), firstItem: OrderItem },
  { $id: "OrderReceipt" },
);

@Route("/users")
class UserController extends Controller {
  @Get("/:id")
  @Returns(200, User)
  get(@Param(UserParams) params: Static<typeof UserParams>) {
    return findUser(params.id);
  }

  @Post()
  @Returns(201, User)
  create(@Body(CreateUser) body: Static<typeof CreateUser>) {
    this.setStatus(201);
    return createUser(body);
  }

  @Get()
  @Returns(200, [User])
  list(@Query(ListQuery) query: Static<typeof ListQuery>) {
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
  create(@Body(CreateOrder) order: Static<typeof CreateOrder>) {
    this.setStatus(201);
    return createOrder(order);
  }
}

/** The "bearer" scheme's runtime check: `false` is a 401, before any input is validated. */
const bearer = ({ request }: ExecutionContext) =>
  request.headers.get("authorization") === `Bearer ${S4_TOKEN}`;

const app = createApp({
  // As a user writes it; the trellis-typebox-ids target turns ids on for every answer.
  ...(process.env.BENCH_REQUEST_IDS === "on" ? { requestId: true } : {}),
  schema: typebox(),
  controllers: [UserController, ScalarUserController, AccountController, OrderController],
  providers: [AccountService],
  security: { bearer },
  openapi: {
    service: { name: "bench", version: "1.0.0" },
    securitySchemes: { bearer: { type: "http", scheme: "bearer" } },
  },
});

Bun.serve({ port, hostname, routes: app.routes, fetch: app.fetch });

ready("trellis-typebox");

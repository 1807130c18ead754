// Trellis with the Valibot adapter, every scenario written as a user writes it. Unknown body
// properties (S5) are stripped by default: a plain `v.object` drops undeclared keys and the
// adapter's `unknownProperties: "strip"` says the same (`v.strictObject` would reject them), so
// `tracking` and each item's `internalCode` never reach the handler.
import { valibot } from "@trellis/adapter-valibot";
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
import * as v from "valibot";
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
const User = v.pipe(
  v.object({ id: v.string(), name: v.string(), email: v.string() }),
  v.metadata({ id: "User" }),
);
const CreateUser = v.pipe(
  v.object({
    name: v.pipe(v.string(), v.minLength(1)),
    email: v.pipe(v.string(), v.email()),
  }),
  v.metadata({ id: "CreateUser" }),
);
const UserParams = v.object({ id: v.string() });
const PageSchema = v.pipe(v.number(), v.integer(), v.minValue(1));
const LimitSchema = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100));
const ListQuery = v.object({ page: PageSchema, limit: LimitSchema });

// S4: the guarded account summary.
const TenantSchema = v.pipe(v.string(), v.regex(TENANT_PATTERN));
const CurrencySchema = v.picklist(CURRENCIES);
const AccountSummary = v.pipe(
  v.object({
    tenant: v.string(),
    currency: CurrencySchema,
    accountId: v.string(),
    name: v.string(),
    email: v.string(),
    plan: v.string(),
    status: v.string(),
    createdAt: v.pipe(v.string(), v.isoTimestamp()),
    updatedAt: v.pipe(v.string(), v.isoTimestamp()),
    country: v.string(),
    city: v.string(),
    timezone: v.string(),
    locale: v.string(),
    balance: v.number(),
    creditLimit: v.number(),
    openOrders: v.pipe(v.number(), v.integer()),
    lifetimeOrders: v.pipe(v.number(), v.integer()),
    averageOrderValue: v.number(),
    verified: v.boolean(),
    marketingOptIn: v.boolean(),
  }),
  v.metadata({ id: "AccountSummary" }),
);

// S5: the 16 KB order.
const OrderItem = v.pipe(
  v.object({
    sku: v.pipe(v.string(), v.minLength(1), v.maxLength(32)),
    name: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
    quantity: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1000)),
    price: v.pipe(v.number(), v.minValue(0)),
    tags: v.pipe(v.array(v.string()), v.maxLength(10)),
  }),
  v.metadata({ id: "OrderItem" }),
);
const CreateOrder = v.pipe(
  v.object({
    customer: v.object({
      id: v.pipe(v.string(), v.minLength(1)),
      name: v.pipe(v.string(), v.minLength(1)),
      email: v.pipe(v.string(), v.email()),
    }),
    items: v.pipe(v.array(OrderItem), v.minLength(1), v.maxLength(1000)),
    note: v.optional(v.pipe(v.string(), v.maxLength(500))),
  }),
  v.metadata({ id: "CreateOrder" }),
);
const OrderReceipt = v.pipe(
  v.object({
    id: v.string(),
    itemCount: v.pipe(v.number(), v.integer()),
    total: v.number(),
    firstItem: OrderItem,
  }),
  v.metadata({ id: "OrderReceipt" }),
);

@Route("/users")
class UserController extends Controller {
  @Get("/:id")
  @Returns(200, User)
  get(@Param(UserParams) params: v.InferOutput<typeof UserParams>) {
    return findUser(params.id);
  }

  @Post()
  @Returns(201, User)
  create(@Body(CreateUser) body: v.InferOutput<typeof CreateUser>) {
    this.setStatus(201);
    return createUser(body);
  }

  @Get()
  @Returns(200, [User])
  list(@Query(ListQuery) query: v.InferOutput<typeof ListQuery>) {
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
  create(@Body(CreateOrder) order: v.InferOutput<typeof CreateOrder>) {
    this.setStatus(201);
    return createOrder(order);
  }
}

/** The "bearer" scheme's runtime check: `false` is a 401, before any input is validated. */
const bearer = ({ request }: ExecutionContext) =>
  request.headers.get("authorization") === `Bearer ${S4_TOKEN}`;

const app = createApp({
  schema: valibot(),
  controllers: [UserController, ScalarUserController, AccountController, OrderController],
  providers: [AccountService],
  security: { bearer },
  openapi: {
    service: { name: "bench", version: "1.0.0" },
    securitySchemes: { bearer: { type: "http", scheme: "bearer" } },
  },
});

Bun.serve({ port, hostname, routes: app.routes, fetch: app.fetch });

ready("trellis-valibot");

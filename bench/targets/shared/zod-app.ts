// The Zod app every Zod target serves (trellis-zod, trellis-zod-standard): the same schemas and
// controllers, so the only difference between those targets is the adapter that runs them.
import {
  Body,
  Controller,
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
import * as z from "zod";
import { AccountService, CURRENCIES, type Currency, S4_TOKEN, TENANT_PATTERN } from "./accounts.js";
import { createOrder } from "./orders.js";
import { createUser, findUser, listUsers } from "./users.js";

// S1, S1s, S2, S3, S3s, S6: users.
const User = z.object({ id: z.string(), name: z.string(), email: z.string() }).meta({ id: "User" });
const CreateUser = z
  .object({ name: z.string().min(1), email: z.email() })
  .meta({ id: "CreateUser" });
const UserParams = z.object({ id: z.string() });
const PageSchema = z.int().min(1);
const LimitSchema = z.int().min(1).max(100);
const ListQuery = z.object({ page: PageSchema, limit: LimitSchema });

// S4: the guarded account summary.
const TenantSchema = z.string().regex(TENANT_PATTERN);
const CurrencySchema = z.enum(CURRENCIES);
const AccountSummary = z
  .object({
    tenant: z.string(),
    currency: CurrencySchema,
    accountId: z.string(),
    name: z.string(),
    email: z.string(),
    plan: z.string(),
    status: z.string(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    country: z.string(),
    city: z.string(),
    timezone: z.string(),
    locale: z.string(),
    balance: z.number(),
    creditLimit: z.number(),
    openOrders: z.int(),
    lifetimeOrders: z.int(),
    averageOrderValue: z.number(),
    verified: z.boolean(),
    marketingOptIn: z.boolean(),
  })
  .meta({ id: "AccountSummary" });

// S5: the 16 KB order.
const OrderItem = z
  .object({
    sku: z.string().min(1).max(32),
    name: z.string().min(1).max(200),
    quantity: z.int().min(1).max(1000),
    price: z.number().min(0),
    tags: z.array(z.string()).max(10),
  })
  .meta({ id: "OrderItem" });
const CreateOrder = z
  .object({
    customer: z.object({ id: z.string().min(1), name: z.string().min(1), email: z.email() }),
    items: z.array(OrderItem).min(1).max(1000),
    note: z.string().max(500).optional(),
  })
  .meta({ id: "CreateOrder" });
const OrderReceipt = z
  .object({ id: z.string(), itemCount: z.int(), total: z.number(), firstItem: OrderItem })
  .meta({ id: "OrderReceipt" });

@Route("/users")
class UserController extends Controller {
  @Get("/:id")
  @Returns(200, User)
  get(@Param(UserParams) params: z.infer<typeof UserParams>) {
    return findUser(params.id);
  }

  @Post()
  @Returns(201, User)
  create(@Body(CreateUser) body: z.infer<typeof CreateUser>) {
    this.setStatus(201);
    return createUser(body);
  }

  @Get()
  @Returns(200, [User])
  list(@Query(ListQuery) query: z.infer<typeof ListQuery>) {
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
  create(@Body(CreateOrder) order: z.infer<typeof CreateOrder>) {
    this.setStatus(201);
    return createOrder(order);
  }
}

/** The "bearer" scheme's runtime check: `false` is a 401, before any input is validated. */
const bearer = ({ request }: ExecutionContext) =>
  request.headers.get("authorization") === `Bearer ${S4_TOKEN}`;

/** Everything `createApp` needs but the adapter. */
export const zodApp = {
  controllers: [UserController, ScalarUserController, AccountController, OrderController],
  providers: [AccountService],
  security: { bearer },
  openapi: {
    service: { name: "bench", version: "1.0.0" },
    securitySchemes: { bearer: { type: "http" as const, scheme: "bearer" } },
  },
};

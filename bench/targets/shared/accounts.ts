// S4's work once the request is authorised and valid: identical code, so only the framework differs.

/** The bearer token S4 accepts (anything else is 401). */
export const S4_TOKEN = "bench-secret-token";

/** Currencies S4's `currency` query value may name (anything else is 400). */
export const CURRENCIES = ["EUR", "USD", "GBP"] as const;
export type Currency = (typeof CURRENCIES)[number];

/** What `x-tenant-id` must match (missing or anything else is 400). */
export const TENANT_PATTERN = /^[a-z0-9-]{1,32}$/;

/** The 20-field answer of S4. */
export interface AccountSummary {
  tenant: string;
  currency: Currency;
  accountId: string;
  name: string;
  email: string;
  plan: string;
  status: string;
  createdAt: string;
  updatedAt: string;
  country: string;
  city: string;
  timezone: string;
  locale: string;
  balance: number;
  creditLimit: number;
  openOrders: number;
  lifetimeOrders: number;
  averageOrderValue: number;
  verified: boolean;
  marketingOptIn: boolean;
}

/**
 * The service S4's handler calls (in Trellis through dependency injection, elsewhere a plain
 * instance): builds the summary per request, like a read from a cache would.
 */
export class AccountService {
  private calls = 0;

  summary(tenant: string, currency: Currency): AccountSummary {
    this.calls += 1;
    return {
      tenant,
      currency,
      accountId: `acc-${tenant}`,
      name: "Ada Lovelace",
      email: "ada@example.com",
      plan: "business",
      status: "active",
      createdAt: "2024-01-15T09:30:00.000Z",
      updatedAt: "2026-11-01T12:00:00.000Z",
      country: "GB",
      city: "London",
      timezone: "Europe/London",
      locale: "en-GB",
      balance: 1250.5,
      creditLimit: 5000,
      openOrders: 3,
      lifetimeOrders: 42 + (this.calls % 2),
      averageOrderValue: 87.25,
      verified: true,
      marketingOptIn: false,
    };
  }
}

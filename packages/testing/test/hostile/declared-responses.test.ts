// Responses carry only what they declare, by default, with every adapter: a stored row's
// `passwordHash` (and its nested secrets) never leaves, whatever library declared the answer.
// A `Response` the handler made, a route whose `@Returns` declares no schema, `@SendUndeclared()`
// and the app's `sendUndeclared: true` send what the handler returned, as documented.
import { describe, expect, it } from "vitest";
import { createLeakyApp, leakyAdapters, secrets, storedAccount } from "./apps/leaky-accounts.js";

const get = async (
  app: { fetch: (request: Request) => Response | Promise<Response> },
  path: string,
) => app.fetch(new Request(`http://localhost${path}`));

const declared = () => {
  const { id, name, profile, keys } = storedAccount();
  return { id, name, profile: { city: profile.city }, keys: keys.map(({ label }) => ({ label })) };
};

describe.each(leakyAdapters)("declared responses: %s", (label) => {
  const app = createLeakyApp(label);

  it("sends a row with a passwordHash without it, nested objects and array items included", async () => {
    const response = await get(app, "/account");
    expect(response.status).toBe(200);
    const bytes = await response.text();
    for (const secret of secrets) expect(bytes).not.toContain(secret);
    expect(bytes).not.toContain("passwordHash");
    expect(JSON.parse(bytes)).toEqual(declared());
  });

  it("reduces every item of a declared array", async () => {
    const bytes = await (await get(app, "/account/list")).text();
    for (const secret of secrets) expect(bytes).not.toContain(secret);
    expect(JSON.parse(bytes)).toEqual([declared(), declared()]);
  });

  it("sends the row whole where the route opts out, and passes a Response and an undeclared shape through", async () => {
    for (const path of ["/account/whole", "/account/response", "/account/undocumented"]) {
      const response = await get(app, path);
      expect(response.status, path).toBe(200);
      expect(await response.json(), path).toEqual(storedAccount());
    }
  });

  it("sends rows whole in an app that opts out (sendUndeclared: true)", async () => {
    const whole = createLeakyApp(label, { sendUndeclared: true });
    expect(await (await get(whole, "/account")).json()).toEqual(storedAccount());
    expect(await (await get(whole, "/account/list")).json()).toEqual([
      storedAccount(),
      storedAccount(),
    ]);
  });
});

import { describe, expect, it } from "vitest";
import { findOperation, type Manifest } from "./manifest.js";

const operation = (controller: string, path: string) => ({
  controller,
  handler: "get",
  operationId: `${controller}.get`,
  method: "GET",
  path,
  args: [],
});

const versioned: Manifest = {
  trellisClient: 1,
  operations: [
    operation("UserController", "/users/{id}"),
    operation("UserV2Controller", "/v2/users/{id}"),
    operation("OrderController", "/orders/{id}"),
  ],
};

describe("findOperation", () => {
  it("takes the controller a key names by class over one that only shares a path segment", () => {
    expect(findOperation(versioned, "users", "get").controller).toBe("UserController");
    expect(findOperation(versioned, "user", "get").controller).toBe("UserController");
    expect(findOperation(versioned, "userV2", "get").controller).toBe("UserV2Controller");
    expect(findOperation(versioned, "v2", "get").controller).toBe("UserV2Controller");
    expect(findOperation(versioned, "orders", "get").controller).toBe("OrderController");
  });

  it("still refuses a key that names two controllers only by a shared path segment", () => {
    const shared: Manifest = {
      trellisClient: 1,
      operations: [
        operation("ProfileController", "/people/{id}/profile"),
        operation("AddressController", "/people/{id}/address"),
      ],
    };
    expect(() => findOperation(shared, "people", "get")).toThrow(
      /could be ProfileController, AddressController/,
    );
  });
});

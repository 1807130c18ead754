import { describe, expect, it } from "vitest";
import { addressKey } from "./address-key.js";

describe("addressKey", () => {
  it("keeps IPv4 addresses as they are", () => {
    expect(addressKey("203.0.113.9", 64)).toBe("203.0.113.9");
  });

  it("counts an IPv6 address under its /64 by default, every spelling alike", () => {
    const key = "2001:db8:1:2::/64";
    expect(addressKey("2001:db8:1:2::1", 64)).toBe(key);
    expect(addressKey("2001:0db8:0001:0002:ffff:ffff:ffff:ffff", 64)).toBe(key);
    expect(addressKey("2001:DB8:1:2:a:b:c:d", 64)).toBe(key);
    expect(addressKey("2001:db8:1:2::1%eth0", 64)).toBe(key);
    expect(addressKey("2001:db8:1:3::1", 64)).not.toBe(key);
  });

  it("cuts at any prefix, inside a group too", () => {
    expect(addressKey("2001:db8:abcd:1234::1", 48)).toBe("2001:db8:abcd::/48");
    expect(addressKey("2001:db8:abcd:12ff::1", 56)).toBe("2001:db8:abcd:1200::/56");
    expect(addressKey("2001:db8::1", 128)).toBe("2001:db8::1/128");
  });

  it("treats IPv4-mapped IPv6 as the IPv4 address, in either notation", () => {
    expect(addressKey("::ffff:203.0.113.9", 64)).toBe("203.0.113.9");
    expect(addressKey("::ffff:cb00:7109", 64)).toBe("203.0.113.9");
  });

  it("leaves what is not an address as it is", () => {
    for (const text of ["::1::2", "2001:db8:::1", "1:2:3:4:5:6:7:8:9", "fe80::zz", "unknown"]) {
      expect(addressKey(text, 64)).toBe(text);
    }
  });
});

import { describe, expect, it } from "vitest";
import { defaultFormats } from "./format-checks.js";

const cases: Record<string, [valid: string[], invalid: string[]]> = {
  email: [
    ["ada@example.com", "a.b+c@mail.example.co.uk", "x_y@ex-ample.org"],
    [
      "ada",
      "ada@",
      "@example.com",
      "ada@example",
      "a..b@example.com",
      "a b@example.com",
      "ada@-x.com",
    ],
  ],
  uuid: [
    ["3f8a2b1c-9d4e-4f6a-8b7c-1d2e3f4a5b6c", "3F8A2B1C-9D4E-4F6A-8B7C-1D2E3F4A5B6C"],
    ["3f8a2b1c9d4e4f6a8b7c1d2e3f4a5b6c", "3f8a2b1c-9d4e-4f6a-8b7c-1d2e3f4a5b6", "g".repeat(36)],
  ],
  "date-time": [
    ["2024-05-01T12:30:00Z", "2024-02-29T00:00:00.5+02:00", "2024-05-01t12:30:00z"],
    [
      "2024-05-01",
      "2024-02-30T00:00:00Z",
      "2023-02-29T00:00:00Z",
      "2024-05-01T24:00:00Z",
      "2024-05-01 12:30:00Z",
      "2024-05-01T12:30Z",
      "2024-05-01T12:30:00",
    ],
  ],
  date: [
    ["2024-02-29", "1999-12-31"],
    ["2024-13-01", "2024-1-1", "2023-02-29"],
  ],
  time: [
    ["12:30:00Z", "23:59:59.999+05:30"],
    ["24:00:00Z", "12:30:00", "12:60:00Z"],
  ],
  uri: [
    ["https://example.com/a?b#c", "urn:isbn:0451450523"],
    ["example.com", "/relative", "http://"],
  ],
  ipv4: [
    ["127.0.0.1", "255.255.255.255"],
    ["256.0.0.1", "1.2.3", "01.2.3.4"],
  ],
  ipv6: [
    ["::1", "2001:db8::8a2e:370:7334"],
    ["1.2.3.4", "::g", "2001:db8::1::2"],
  ],
};

describe("default formats", () => {
  for (const [name, [valid, invalid]] of Object.entries(cases)) {
    it(name, () => {
      const check = defaultFormats[name];
      for (const value of valid) expect(check?.(value), value).toBe(true);
      for (const value of invalid) expect(check?.(value), value).toBe(false);
    });
  }
});

import { describe, expect, it } from "vitest";
import { csvField, usersCsv } from "./users-csv.js";

describe("usersCsv", () => {
  it("writes a header and one CRLF-ended line per user", () => {
    expect(usersCsv([{ id: "1", name: "Ada", email: "ada@example.com" }])).toBe(
      "id,name,email\r\n1,Ada,ada@example.com\r\n",
    );
    expect(usersCsv([])).toBe("id,name,email\r\n");
  });

  it("quotes fields with commas, quotes and line breaks", () => {
    expect(csvField('Lovelace, "Ada"')).toBe('"Lovelace, ""Ada"""');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
  });

  it("defuses fields a spreadsheet would run as formulas", () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvField("+1")).toBe("'+1");
    expect(csvField("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvField("plain")).toBe("plain");
  });
});

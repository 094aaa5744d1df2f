import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** Every source file of the app but the money module and tests. */
function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !file.endsWith(path.join("utils", "money.ts")) ? [file] : [];
  });
}

describe("one owner for money", () => {
  it("formats amounts of money only in app/utils/money.ts", () => {
    const offenders = sources(path.resolve("app")).filter((file) => {
      const text = fs.readFileSync(file, "utf8");
      // A currency style of Intl, a currency option of toLocaleString, or the old helper.
      return /style:\s*["']currency["']|toLocaleString\([^)]*currency|\bformatPrice\b/.test(text);
    });
    expect(offenders.map((file) => path.relative(process.cwd(), file))).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { ADMIN_ROBOTS, adminMeta } from "./admin-meta.ts";

describe("adminMeta", () => {
  it("names the back office by SITE_NAME from the root's data, and is never indexed", () => {
    expect(adminMeta("Users", [{ id: "root", data: { siteName: "Resguiden" } }])).toEqual([
      { title: "Users | Resguiden Admin" },
      ADMIN_ROBOTS,
    ]);
  });

  it("falls back to the default name where the root has no data", () => {
    expect(adminMeta("Users")[0]).toEqual({ title: "Users | Hotellguiden Admin" });
  });
});

import { describe, expect, it } from "vitest";
import { ADMIN_SCREENS, currentScreen } from "./screens.ts";

describe("currentScreen", () => {
  const label = (path: string, screens = ADMIN_SCREENS) => currentScreen(path, screens)?.label ?? null;

  it("names the listed screen a page belongs to, the dashboard only at /admin itself", () => {
    expect(label("/admin")).toBe("Dashboard");
    expect(label("/admin/")).toBe("Dashboard");
    expect(label("/admin/hotels")).toBe("Hotels");
    expect(label("/admin/blog/edit/7")).toBe("Blog");
    expect(label("/admin/blog/new")).toBe("Blog");
    expect(label("/admin/jobs/3")).toBe("Jobs");
    expect(label("/admin/jobsx")).toBeNull();
    expect(label("/admin/hotelsx")).toBeNull();
  });

  it("follows whatever the list holds, the longest path first", () => {
    const screens = [...ADMIN_SCREENS, { path: "/admin/jobs", label: "Jobs" }, { path: "/admin/blog/new", label: "New post" }];
    expect(label("/admin/jobs/3", screens)).toBe("Jobs");
    expect(label("/admin/blog/new", screens)).toBe("New post");
    expect(label("/admin/blog/edit/7", screens)).toBe("Blog");
  });
});

import { describe, expect, it } from "vitest";
import { isAdminRoute, routeTable } from "#tests/integration/route-table.ts";
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

describe("the screens and the route table (app/routes.ts)", () => {
  const adminRoutes = routeTable.filter(isAdminRoute).map((route) => `/${route.pattern}`);

  it("lists only screens that are routes, each once", () => {
    for (const screen of ADMIN_SCREENS) expect(adminRoutes, screen.label).toContain(screen.path);
    expect(new Set(ADMIN_SCREENS.map((screen) => screen.path)).size).toBe(ADMIN_SCREENS.length);
  });

  it("puts every back-office route under a listed screen, so the phone menu names it", () => {
    for (const path of adminRoutes) expect(currentScreen(path.replace(/:(\w+)/g, "x")), path).not.toBeNull();
  });
});

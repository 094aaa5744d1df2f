/**
 * The guard matrix: every admin route in app/routes.ts, found by walking the route table
 * (so a new screen cannot be left out), requested as an anonymous visitor, a signed-in
 * user without the role, and an administrator — as a page, as React Router's data request
 * for that route alone (what client navigation and a hand-made request do), and as a post
 * to its action. Only the administrator gets past the guard.
 */
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "#app/routes.ts";
import { Browser, signIn, startTestApp, TEST_ADMIN, visibleText, type TestApp } from "#tests/app-server.ts";

interface AdminRoute {
  id: string;
  file: string;
  /** A concrete URL path, with parameters filled in. */
  path: string;
}

/** Flattens the route table into full paths; route ids are the file names without extension, as React Router makes them. */
function flatten(entries: RouteConfigEntry[], parent = ""): AdminRoute[] {
  return entries.flatMap((entry) => {
    const own = entry.index ? "" : (entry.path ?? "");
    const full = [parent, own].filter(Boolean).join("/");
    const id = entry.id ?? entry.file.replace(/\.[jt]sx?$/, "");
    const path = `/${full
      .split("/")
      .filter((segment) => !segment.endsWith("?"))
      .map((segment) => (segment.startsWith(":") ? "00000000-0000-4000-8000-000000000001" : segment))
      .join("/")}`;
    return [{ id, file: entry.file, path }, ...flatten(entry.children ?? [], full)];
  });
}

const adminRoutes = flatten(routes).filter((route) => route.path === "/admin" || route.path.startsWith("/admin/"));

let app: TestApp;
const browsers = {} as Record<"anonymous" | "user" | "admin", Browser>;
const modules = new Map<string, { loader?: unknown; action?: unknown }>();
const counts = { pageRequests: 0, dataRequests: 0, posts: 0 };

beforeAll(async () => {
  app = await startTestApp();
  browsers.anonymous = new Browser(app.origin);
  browsers.user = new Browser(app.origin);
  const created = await browsers.user.post("/login", {
    intent: "sign-up",
    email: "vanlig@hotellguiden.test",
    password: "vanligt-lösenord-1",
  });
  expect(created.status).toBe(302);
  browsers.admin = new Browser(app.origin);
  await signIn(browsers.admin, TEST_ADMIN.email, TEST_ADMIN.password);
  for (const route of adminRoutes) modules.set(route.id, await app.importApp(`app/${route.file}`));
});
afterAll(async () => {
  console.log(
    `guard matrix: ${adminRoutes.length} admin routes × 3 roles; ` +
      `${counts.pageRequests} page requests, ${counts.dataRequests} data requests, ${counts.posts} posts`,
  );
  await app?.close();
});

const loginFor = (path: string) => `/login?redirectTo=${encodeURIComponent(path)}`;

/** A single-fetch data request for one route's loader only, as the browser's router makes it. */
const dataUrl = (route: AdminRoute) => `${route.path === "/" ? "/_root" : route.path}.data?_routes=${encodeURIComponent(route.id)}`;

describe("the admin route table", () => {
  it("has the back office in it, and every admin route module guards what it exports", () => {
    expect(adminRoutes.map((route) => route.path)).toContain("/admin");
    for (const route of adminRoutes) {
      const module = modules.get(route.id)!;
      expect(module.loader ?? module.action, `${route.id} exports neither loader nor action`).toBeTypeOf("function");
    }
  });
});

describe("the administrator's writes", () => {
  it("all run under the back office's layout, whose middleware makes each write and its role check one transaction", async () => {
    // Every route module of the back office is in the route table, under the layout (decision 048).
    const layout = routes.find((entry) => entry.file === "routes/admin/admin.tsx")!;
    const underLayout = new Set(flatten(layout.children ?? [], "admin").map((route) => route.file));
    const files = fs.readdirSync("app/routes/admin").filter((file) => /\.tsx?$/.test(file) && !/\.server\.ts$/.test(file));
    for (const file of files.filter((name) => name !== "admin.tsx")) expect(underLayout, file).toContain(`routes/admin/${file}`);
    const { middleware } = await app.importApp<{ middleware: unknown[] }>("app/routes/admin/admin.tsx");
    const { auditAdminWrites } = await app.importApp<typeof import("#app/admin/audit-log.server.ts")>("app/admin/audit-log.server.ts");
    expect(middleware).toContain(auditAdminWrites);
  });
});

describe.each(adminRoutes)("$id ($path)", (route) => {
  const hasLoader = () => typeof modules.get(route.id)?.loader === "function";
  const hasAction = () => typeof modules.get(route.id)?.action === "function";

  it("sends an anonymous visitor to sign in and back (page, data request and post)", async () => {
    const page = await browsers.anonymous.get(`${route.path}?q=1`);
    counts.pageRequests++;
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe(loginFor(`${route.path}?q=1`));
    if (hasLoader()) {
      const data = await browsers.anonymous.get(dataUrl(route));
      counts.dataRequests++;
      expect(data.status).toBe(202);
      expect(await data.text()).toContain(loginFor(route.path));
    }
    if (hasAction()) {
      const post = await browsers.anonymous.post(route.path, {});
      counts.posts++;
      expect([302, 303]).toContain(post.status);
      expect(post.headers.get("Location")).toBe(loginFor(route.path));
    }
  });

  it("sends a signed-in user without the administrator role to the home page", async () => {
    const page = await browsers.user.get(route.path);
    counts.pageRequests++;
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/");
    // …and told why on the page they land on.
    const home = await browsers.user.follow(page);
    expect(visibleText(await home.text())).toContain("Ej behörig");
    if (hasLoader()) {
      const data = await browsers.user.get(dataUrl(route));
      counts.dataRequests++;
      expect(data.status).toBe(202);
      const body = await data.text();
      expect(body).toContain('"redirect"');
      expect(body).not.toContain("/login");
    }
    if (hasAction()) {
      const post = await browsers.user.post(route.path, {});
      counts.posts++;
      expect([302, 303]).toContain(post.status);
      expect(post.headers.get("Location")).toBe("/");
    }
  });

  it("lets an administrator through", async () => {
    const page = await browsers.admin.get(route.path);
    counts.pageRequests++;
    // A made-up id may be "not found"; what matters is that the guard let the request in.
    expect([200, 404]).toContain(page.status);
    expect(page.headers.get("Location")).toBeNull();
    if (hasLoader()) {
      const data = await browsers.admin.get(dataUrl(route));
      counts.dataRequests++;
      expect([200, 404]).toContain(data.status);
      expect(await data.text()).not.toContain("/login?redirectTo");
    }
    if (hasAction()) {
      // An empty post is bad input: it must be answered by the action (400/422 or a redirect
      // back to the screen), not by the guard.
      const post = await browsers.admin.post(route.path, {});
      counts.posts++;
      expect(post.status).not.toBe(403);
      const location = post.headers.get("Location");
      expect(location === "/" || Boolean(location?.startsWith("/login"))).toBe(false);
    }
  });
});

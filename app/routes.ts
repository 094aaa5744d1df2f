import { type RouteConfig, index, route } from "@react-router/dev/routes";

/**
 * The whole route table of both spec documents. Screens are added here as they are built;
 * every path not listed falls through to the not-found page with a 404.
 */
export default [
  index("routes/home.tsx"),
  route("hotels", "routes/hotels.tsx"),
  route("redirect", "routes/redirect.tsx"),
  route("healthz", "routes/healthz.ts"),
  route("resources/suggestions", "routes/resources.suggestions.ts"),
  // What crawlers read, and the pages people find in the footer. /sitemaps/{section}-{n}.xml are
  // the parts of the sitemap index once /sitemap.xml passes 50,000 URLs (sitemap.server.ts).
  route("robots.txt", "routes/robots[.]txt.ts"),
  route("sitemap.xml", "routes/sitemap[.]xml.ts"),
  route("sitemaps/:file", "routes/sitemaps.$file.ts"),
  route("sitemap", "routes/sitemap.tsx"),
  route("about", "routes/about.tsx"),
  route("contact", "routes/contact.tsx"),
  // The travel blog. A post has three addresses; all but the canonical one answer 301.
  route("blog", "routes/blog.tsx"),
  route("blog/:slug", "routes/blog.post.tsx", { id: "blog-post" }),
  route("blog/:slug/:id", "routes/blog.post.tsx", { id: "blog-post-with-id" }),
  route("login", "routes/login.tsx"),
  route("logout", "routes/logout.ts"),
  // The back office. Every loader and action below checks the administrator role itself
  // (tests/integration/admin-guards.test.ts finds each route here and proves it).
  route("admin", "routes/admin.tsx", [
    index("routes/admin._index.tsx"),
    route("hotels", "routes/admin.hotels.tsx"),
    route("rewrite", "routes/admin.rewrite.tsx"),
    route("affiliate", "routes/admin.affiliate.tsx"),
    route("destinations", "routes/admin.destinations.tsx"),
    route("popular-locations", "routes/admin.popular-locations.tsx"),
    route("sitemap", "routes/admin.sitemap.tsx"),
    route("sitemap/download", "routes/admin.sitemap.download.ts"),
    route("messages", "routes/admin.messages.tsx"),
    route("blog", "routes/admin.blog.tsx"),
    route("blog/new", "routes/admin.blog.editor.tsx", { id: "admin-blog-new" }),
    route("blog/edit/:id", "routes/admin.blog.editor.tsx", { id: "admin-blog-edit" }),
    route("jobs/:id", "routes/admin.jobs.$id.tsx"),
  ]),
  // The spec lists these as fallback not-found pages.
  route("flights", "routes/not-found.tsx", { id: "flights" }),
  route("rentals", "routes/not-found.tsx", { id: "rentals" }),
  route("explore", "routes/not-found.tsx", { id: "explore" }),
  route(":country", "routes/country.tsx"),
  route(":country/:location", "routes/place.tsx"),
  route(":country/:location/:slug", "routes/hotel.tsx"),
  route("*", "routes/not-found.tsx", { id: "not-found" }),
] satisfies RouteConfig;

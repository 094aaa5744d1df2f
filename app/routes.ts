import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

/**
 * The whole route table, grouped as the product is: the public site (with its header and
 * footer from routes/site/layout.tsx), the travel blog, signing in, the back office (its own
 * chrome from routes/admin/admin.tsx) and resources without a page. Every path not listed
 * falls through to the not-found page with a 404.
 */
export default [
  layout("routes/site/layout.tsx", [
    index("routes/site/home.tsx"),
    route("hotels", "routes/site/hotels.tsx"),
    route("redirect", "routes/site/redirect.tsx"),
    route("sitemap", "routes/site/sitemap.tsx"),
    route("about", "routes/site/about.tsx"),
    route("contact", "routes/site/contact.tsx"),
    route("jamfor", "routes/site/jamfor.tsx"),
    // A price alert's links (confirm, end, delete the address): the token in the query, never logged.
    route("bevakning", "routes/site/bevakning.tsx"),

    // The travel blog. A post has three addresses; all but the canonical one answer 301.
    ...prefix("blog", [
      index("routes/blog/blog.tsx"),
      route(":slug", "routes/blog/blog.post.tsx", { id: "blog-post" }),
      route(":slug/:id", "routes/blog/blog.post.tsx", { id: "blog-post-with-id" }),
    ]),

    route("login", "routes/auth/login.tsx"),
    route("logout", "routes/auth/logout.ts"),

    // Pages of the old site that no longer exist: a not-found page each.
    route("flights", "routes/site/not-found.tsx", { id: "flights" }),
    route("rentals", "routes/site/not-found.tsx", { id: "rentals" }),
    route("explore", "routes/site/not-found.tsx", { id: "explore" }),

    // The catalogue: /{country}/{place}/{hotel}.
    route(":country", "routes/site/country.tsx"),
    route(":country/:location", "routes/site/place.tsx"),
    // A place's neighbourhood, a place with one amenity (decision 079) and its hotels near a landmark (080).
    route(":country/:location/omrade/:district", "routes/site/place.omrade.tsx"),
    route(":country/:location/med/:amenity", "routes/site/place.med.tsx"),
    route(":country/:location/nara/:landmark", "routes/site/place.nara.tsx"),
    route(":country/:location/:slug", "routes/site/hotel.tsx"),
    route("*", "routes/site/not-found.tsx", { id: "not-found" }),
  ]),

  // The back office. Every loader and action below checks the administrator role itself
  // (tests/integration/admin-guards.test.ts finds each route here and proves it).
  route("admin", "routes/admin/admin.tsx", [
    index("routes/admin/admin._index.tsx"),
    route("hotels", "routes/admin/admin.hotels.tsx"),
    route("hotels/:id/partner-ids", "routes/admin/admin.hotels.$id.partner-ids.tsx"),
    route("rewrite", "routes/admin/admin.rewrite.tsx"),
    route("affiliate", "routes/admin/admin.affiliate.tsx"),
    route("partners", "routes/admin/admin.partners.tsx"),
    route("partners/clicks.csv", "routes/admin/admin.partners.clicks[.]csv.ts"),
    route("connectors", "routes/admin/admin.connectors.tsx"),
    route("destinations", "routes/admin/admin.destinations.tsx"),
    route("landmarks", "routes/admin/admin.landmarks.tsx"),
    route("popular-locations", "routes/admin/admin.popular-locations.tsx"),
    route("menu", "routes/admin/admin.menu.tsx"),
    route("sitemap", "routes/admin/admin.sitemap.tsx"),
    route("sitemap/download", "routes/admin/admin.sitemap.download.ts"),
    route("messages", "routes/admin/admin.messages.tsx"),
    route("blog", "routes/admin/admin.blog.tsx"),
    route("blog/new", "routes/admin/admin.blog.editor.tsx", { id: "admin-blog-new" }),
    route("blog/edit/:id", "routes/admin/admin.blog.editor.tsx", { id: "admin-blog-edit" }),
    route("jobs", "routes/admin/admin.jobs.tsx"),
    route("jobs/:id", "routes/admin/admin.jobs.$id.tsx"),
    route("users", "routes/admin/admin.users.tsx"),
    route("audit", "routes/admin/admin.audit.tsx"),
  ]),

  // What crawlers and scripts read. /sitemaps/{section}-{n}.xml are the parts of the sitemap
  // index once /sitemap.xml passes 50,000 URLs (seo/sitemap.server.ts). The health checks,
  // /healthz and /readyz, are not routes: Express answers them (app/http/health-check.server.ts).
  route("resources/suggestions", "routes/resources/resources.suggestions.ts"),
  // A list page's map markers, at the page's own path after the prefix (decision 082).
  route("resources/map-markers/*", "routes/resources/resources.map-markers.$.ts"),
  route("robots.txt", "routes/resources/robots[.]txt.ts"),
  route("sitemap.xml", "routes/resources/sitemap[.]xml.ts"),
  route("sitemaps/:file", "routes/resources/sitemaps.$file.ts"),
] satisfies RouteConfig;

import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// The public site's shared browser modules, but none that would pull zod, Leaflet or the
// post editor into every page (a group also takes what its modules import).
const SITE_SHARED = /[\\/]app[\\/](components|hotels|offers|utils|seo)[\\/]/;
const NOT_SHARED = /blog-editor|hotel-map\.client|destination-form|deep-link|partner-form|[\\/]zod\.ts|\.server\./;

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  environments: {
    // Fewer, larger chunks for the browser: the public site's shared modules (components,
    // catalogue rules, the stay) in one, React and the router in another. Every page then
    // preloads a handful of files instead of twenty small ones before its first paint.
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: "react", test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/ },
                { name: "site", test: (id: string) => SITE_SHARED.test(id) && !NOT_SHARED.test(id) },
              ],
            },
          },
        },
      },
    },
    // The server bundle's entry is our Express app, so the database, migrations and the
    // React Router handler live in one module graph (docs/decisions/003).
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
  },
  server: { port: 3000 },
});

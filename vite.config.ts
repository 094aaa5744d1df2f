import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  environments: {
    // The server bundle's entry is our Express app, so the database, migrations and the
    // React Router handler live in one module graph (docs/decisions/003).
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
  },
  server: { port: 3000 },
});

// ESLint for the whole tree: TypeScript, React's hook rules, accessibility of JSX, and the
// layering rule that keeps the database out of route modules (data access lives in the feature
// data modules, which also own cache invalidation). Prettier owns formatting.
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * Which folder of app/ may import which (docs/decisions/064-shared-layer-and-boundaries.md):
 * each layer imports only the layers before it, so no folder-level loop can come back. Layers
 * on one line are peers and import neither each other. Type-only imports count too.
 * app/routes, app/operations (server composition: migrations with the features' steps,
 * housekeeping, demo seeding), app/root.tsx, app/entry.server.tsx and server/ are on top.
 */
export const LAYERS = [
  ["utils"],
  ["components/ui", "db"],
  ["jobs"],
  ["http", "mail"],
  ["auth"],
  ["blog", "contact"],
  ["offers"],
  ["outbound"],
  ["prices"],
  ["live-prices"],
  ["hotels"],
  ["feed", "alerts"],
  ["seo"],
  ["ai"],
  ["admin"],
  ["components"],
  ["operations", "routes"],
];

/** One no-restricted-imports block per folder: every folder of its own layer or above is out of reach. */
function layerBoundaries() {
  // The route modules' own block below keeps them from the database; above them is nothing.
  return LAYERS.flatMap((layer, rank) =>
    layer
      .filter((folder) => folder !== "routes")
      .map((folder) => {
        const above = LAYERS.slice(rank)
          .flat()
          .filter((other) => other !== folder);
        // components/ui (primitives) import only the shared layer, not the rest of components/.
        const names = above.map((name) => (folder === "components/ui" && name === "components" ? "components(?!/ui/)" : name)).join("|");
        const message = `app/${folder} may import only the layers below it (${
          LAYERS.slice(0, rank)
            .map((l) => l.join("+"))
            .join(" < ") || "nothing of app/"
        }): see LAYERS in eslint.config.js and decision 064.`;
        const ignores = folder === "components" ? ["app/components/ui/**"] : [];
        return {
          files: [`app/${folder}/**/*.{ts,tsx}`],
          ignores,
          rules: {
            "no-restricted-imports": [
              "error",
              {
                patterns: [
                  {
                    // "#app/<folder>/…" or a relative path that climbs into it.
                    regex: `^(#app/|(\\.\\./)+)(${names})(/|$)`,
                    message,
                  },
                ],
              },
            ],
          },
        };
      }),
  );
}

export default tseslint.config(
  { ignores: ["build/", "data/", "node_modules/", ".react-router/", "test-results/", "playwright-report/", "bench-results/", "public/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      // `typeof import("…")` names a module of the app's own graph in the integration tests.
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports", disallowTypeAnnotations: false }],
      // Several rules refuse control characters in input on purpose, by matching them.
      "no-control-regex": "off",
    },
  },
  {
    files: ["app/**/*.tsx"],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // Only ever on the first invalid field of a form that came back from the server with
      // errors (without JavaScript nothing else can move focus there).
      "jsx-a11y/no-autofocus": "off",
    },
  },
  {
    // Playwright fixtures: `use` is Playwright's, not React's, and `{}` is its "no fixtures".
    files: ["tests/e2e/**/*.ts"],
    rules: { "react-hooks/rules-of-hooks": "off", "no-empty-pattern": "off" },
  },
  ...layerBoundaries(),
  {
    files: ["app/routes/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "kysely",
              message: "Route modules do not query: put the query in the feature's data module (app/<feature>/*.server.ts).",
            },
            { name: "#app/db/db.server.ts", message: "Route modules do not touch the database: call the feature's data module." },
          ],
        },
      ],
    },
  },
);

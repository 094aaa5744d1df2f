// ESLint for the whole tree: TypeScript, React's hook rules, accessibility of JSX, and the
// layering rule that keeps the database out of route modules (data access lives in the feature
// data modules, which also own cache invalidation). Prettier owns formatting.
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

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

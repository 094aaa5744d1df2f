import type { Config } from "@react-router/dev/config";

export default {
  // The integration tests build into a throwaway folder of their own (tests/app-build.ts).
  buildDirectory: process.env.HG_BUILD_DIRECTORY ?? "build",
  ssr: true,
  // The browser gets every route's manifest entry with the page, instead of asking
  // /__manifest for the routes behind the links it sees: a navigation never waits on (or
  // loses) that request (decision 028).
  routeDiscovery: { mode: "initial" },
  // Turned on now so the move to React Router 8 is a version bump (docs/decisions/002).
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;

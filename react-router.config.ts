import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Turned on now so the move to React Router 8 is a version bump (docs/decisions/002).
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;

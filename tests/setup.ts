/**
 * Vitest's setupFiles: hands the databases tests/global-setup.ts migrated and the app it built to
 * tests/db.ts and tests/app-server.ts through environment variables, which app servers started as child
 * processes (tests/app-process.ts) inherit as well. And loads React's production build first.
 */
import { inject } from "vitest";
import { loadReactProductionBuild } from "#tests/react-production.ts";
import { APP_BUILD_ENV } from "#tests/app-build.ts";
import { TEMPLATE_ENV } from "#tests/db-template.ts";

process.env[TEMPLATE_ENV.pglite] = inject("pgliteTemplateDir");
process.env[TEMPLATE_ENV.pgliteDemo] = inject("pgliteDemoTemplateDir");
process.env[TEMPLATE_ENV.pgliteDemoNoPrices] = inject("pgliteDemoNoPricesTemplateDir");
process.env[APP_BUILD_ENV] = inject("appBuildDir");
const postgresTemplate = inject("postgresTemplate");
if (postgresTemplate) process.env[TEMPLATE_ENV.postgres] = postgresTemplate;

loadReactProductionBuild();

# syntax=docker/dockerfile:1
# Hotellguiden: build with `docker build -t hotellguiden .`, run with
#   docker run -p 8080:8080 -e DATABASE_URL=… -e SESSION_SECRET=… hotellguiden
# Without DATABASE_URL the container uses an embedded database in /app/data (lost with the
# container unless a volume is mounted there).

# The Node the tests run on: keep it equal to the `node` dev dependency in package.json.
ARG NODE_VERSION=24.21.0

FROM node:${NODE_VERSION}-slim AS base
WORKDIR /app

# All dependencies, for the build. `npm install`, not `npm ci`: the lock file may lack the
# platform-specific optional packages of this image's platform, which `npm ci` would refuse.
FROM base AS deps
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npm run build

# Production dependencies only. --omit=dev also leaves out the `node` dev dependency (the image
# already is Node); --omit=optional leaves out TypeScript (24 MB, never loaded), which npm would
# otherwise install as an optional peer of @react-router/node and @react-router/express, and
# pg-cloudflare (Cloudflare Workers only). Should a production dependency ever ship its binaries
# as optional packages, drop --omit=optional. The server and the scripts run as .ts through
# Node's type stripping and import app/ at run time through the package.json "#app/*" import map;
# .dockerignore keeps tests and development scripts out.
FROM base AS runtime
ENV NODE_ENV=production PORT=8080
# Memory under load (decision 036): V8's young generation capped at 2 × 16 MB (it grew to 128 MB
# at 50 requests at once, for no more throughput); glibc's malloc in two arenas, and buffers of
# 128 kB or more (response bodies) mapped on their own so that freeing them returns the memory.
# npm run bench:scale starts its servers with this line's settings.
ENV NODE_OPTIONS=--max-semi-space-size=16 MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=131072
COPY package.json package-lock.json ./
RUN npm install --omit=dev --omit=optional --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/build ./build
COPY --from=build /app/server ./server
COPY --from=build /app/app ./app
COPY --from=build /app/scripts ./scripts
COPY --from=build /app/supabase/migrations ./supabase/migrations
# DATA_DIR (./data) must be writable by the app user: embedded database, session secret, uploads.
# Everything else stays root's and read-only to the app.
RUN mkdir -p data && chown node:node data
USER node
EXPOSE 8080
# Node handles SIGTERM/SIGINT itself (server/main.ts drains, then closes the database pool).
# The server finds build/ and the scripts find supabase/migrations from the working directory:
# run them in /app (a `fly ssh console` shell may start elsewhere).
CMD ["node", "server/main.ts"]

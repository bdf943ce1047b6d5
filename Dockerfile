# One production container: the shop, its SQLite file (or a PostgreSQL database: DATABASE_URL) and
# uploads on the /data volume.
FROM node:22-bookworm-slim AS base
WORKDIR /app

# The full install (better-sqlite3 compiles here if no prebuilt binary fits). Only the package
# files and patches come in: a change to the code, the tests or the docs does not redo it.
FROM base AS deps
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
# Applied by npm ci's postinstall (patch-package): see patches/README.md.
COPY patches ./patches
RUN npm ci --no-audit --no-fund

# What runs in production: the same install without the dev dependencies, slimmed, and without
# tsx (the server is compiled below).
FROM deps AS production-deps
COPY scripts/container/slim-node-modules.sh /tmp/
RUN npm prune --omit=dev --no-audit --no-fund && sh /tmp/slim-node-modules.sh node_modules && \
    rm -rf node_modules/tsx node_modules/.bin/tsx

# The production build (.dockerignore keeps tests, bench, docs and local files out), and server.ts,
# its worker threads and backup.ts compiled to JavaScript in dist/ (scripts/container/compile-server.mjs).
# The image's package.json runs those: `npm run serve` / `npm run backup` work as outside.
FROM deps AS build
COPY . .
RUN npm run build && node scripts/container/compile-server.mjs dist && \
    npm pkg set scripts.start="node server.mjs" scripts.serve="node server.mjs" scripts.backup="node backup.mjs" \
      scripts.db:copy="node db-copy.mjs" scripts.uploads:copy="node uploads-copy.mjs" \
      scripts.sandbox="node sandbox.mjs"

# pg_dump and pg_restore for `npm run backup` when DATABASE_URL names a PostgreSQL database (Debian
# 12's client is 15): the runtime takes the two programs and libpq only. The postgresql-client
# package itself brings Perl for its wrapper scripts: 161 MB of the image.
FROM base AS pg-tools
RUN apt-get update && apt-get install -y --no-install-recommends postgresql-client-15 && rm -rf /var/lib/apt/lists/*

# Owned by root and read-only to the shop's user, which can write /data only.
FROM base AS runtime
RUN apt-get update && apt-get install -y --no-install-recommends libpq5 && apt-get clean && \
    rm -rf /var/lib/apt/lists/* /var/cache/apt/*
COPY --from=pg-tools /usr/lib/postgresql/15/bin/pg_dump /usr/lib/postgresql/15/bin/pg_restore /usr/local/bin/
# MALLOC_ARENA_MAX: see server/workers.server.ts (the workers get it there; this is for the primary).
# Mails without SMTP_URL and backups go to /data as the database file does (with a PostgreSQL
# DATABASE_URL they would otherwise go under /app, which the shop's user cannot write).
ENV NODE_ENV=production \
    NPM_CONFIG_UPDATE_NOTIFIER=false \
    MALLOC_ARENA_MAX=2 \
    PORT=3000 \
    DATABASE_URL=file:/data/shop.db \
    UPLOADS_DIR=/data/uploads \
    OUTBOX_DIR=/data/outbox \
    BACKUP_DIR=/data/backups
COPY --from=production-deps /app/node_modules ./node_modules
COPY --from=build /app/drizzle ./drizzle
COPY --from=build /app/public ./public
COPY --from=build /app/build ./build
COPY --from=build /app/package.json ./
COPY --from=build /app/dist ./
# /data/uploads exists in the image so that a volume mounted there alone (compose.yaml) starts as the user's.
RUN mkdir -p /data/uploads && chown -R node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "server.mjs"]

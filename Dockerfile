# commerce-mock as a container: the standalone server (API and token routes on one port).
#
#   docker build -t commerce-mock .
#   docker run --rm -p 8989:8989 commerce-mock                                  # in memory
#   docker run --rm -p 8989:8989 -e COMMERCE_MOCK_STORAGE=sqlite \
#     -v commerce-mock-data:/data commerce-mock                                 # persistent
#
# Every flag of `commerce-mock serve` has an environment variable (docs/server.md).
# tests/storage/container.spec.ts runs this file's ENTRYPOINT, CMD and ENV outside Docker: keep it parseable
# (JSON-form ENTRYPOINT, CMD and HEALTHCHECK CMD; one `ENV NAME=value` per line).

# --- build: compile TypeScript and better-sqlite3 (from source where no prebuilt binary can be fetched)
FROM node:20-slim AS build
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts --no-audit --no-fund && npm rebuild better-sqlite3
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY factories ./factories
COPY scripts ./scripts
RUN npm run build

# --- production dependencies only (none of them has an install script)
FROM node:20-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund

# --- the image
FROM node:20-slim
ENV NODE_ENV=production
ENV COMMERCE_MOCK_HOST=0.0.0.0
ENV COMMERCE_MOCK_PORT=8989
ENV COMMERCE_MOCK_STORAGE=memory
ENV COMMERCE_MOCK_DATA_FILE=/data/commerce-mock.db
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
# better-sqlite3 is an optional peer dependency: bring the compiled module and what it loads at run time.
COPY --from=build /app/node_modules/better-sqlite3 ./node_modules/better-sqlite3
COPY --from=build /app/node_modules/bindings ./node_modules/bindings
COPY --from=build /app/node_modules/file-uri-to-path ./node_modules/file-uri-to-path
COPY --from=build /app/dist ./dist
COPY package.json ./
COPY bin ./bin
COPY vendor ./vendor
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8989
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.COMMERCE_MOCK_PORT || 8989) + '/__mock/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["node", "bin/commerce-mock.js"]
# The address comes from COMMERCE_MOCK_HOST (0.0.0.0 above), so `-e COMMERCE_MOCK_HOST=...` changes it: a flag here would win over it.
CMD ["serve"]

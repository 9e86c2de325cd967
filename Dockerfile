# syntax=docker/dockerfile:1
# Build stage: install everything, compile the gateway and build the console.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY patches ./patches
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json tsconfig.json ./
COPY core ./core
COPY workers ./workers
COPY bench ./bench
COPY pwa ./pwa
COPY sql ./sql
RUN npm run build && npm prune --omit=dev

# Runtime stage: compiled output and production dependencies only, as an unprivileged user.
FROM node:20-bookworm-slim
# MALLOC_ARENA_MAX as `npm start` sets it: one malloc arena, so the embedded database runs optimized WebAssembly
# within the memory bounds (core/db/wasm-tier.ts)
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data MALLOC_ARENA_MAX=1
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/pwa/dist ./pwa/dist
COPY --from=build /app/sql ./sql
COPY package.json ./
RUN mkdir -p /data && chown -R node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/status').then(r=>r.json()).then(b=>process.exit(b.success?0:1)).catch(()=>process.exit(1))"
CMD ["node", "--max-semi-space-size=4", "dist/core/main.js"]

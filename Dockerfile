# Rummage in one image: the API, the hubs and the built web app, run as `node apps/server/dist/server.js`.
# Untested here (the development machine has no Docker engine); see docs/deploy.md, "Containers".
#   docker build -t rummage .
#   docker run -p 3000:3000 -v rummage-data:/data rummage      # embedded PGlite database in the volume

FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY . .
# Development dependencies build the contract, the server and the web app; then only runtime ones stay.
RUN npm ci && npm run build && npm prune --omit=dev

FROM node:22-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
# The code stays owned by root and read-only to the server; it writes only to DATA_DIR.
COPY --from=build /app /app
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
CMD ["node", "apps/server/dist/server.js"]

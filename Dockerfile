# syntax=docker/dockerfile:1
# Multi-stage build of the API, the worker and the dashboard; runs as a non-root user.
FROM node:20-bookworm-slim AS build
WORKDIR /src
RUN npm install -g pnpm@10.34.8
COPY pnpm-lock.yaml pnpm-workspace.yaml package.json ./
COPY apps/api/package.json apps/api/
COPY apps/dashboard/package.json apps/dashboard/
COPY libs/contracts/package.json libs/contracts/
COPY libs/sdk/package.json libs/sdk/
RUN pnpm install --frozen-lockfile
COPY . .
RUN pnpm -r run build \
  && pnpm deploy --filter @latchkey/api --prod --legacy /out \
  && cp -r apps/api/dist /out/dist \
  && cp -r apps/dashboard/dist /out/dashboard

FROM node:20-bookworm-slim
ENV NODE_ENV=production DASHBOARD_DIR=/app/dashboard PORT=3000
WORKDIR /app
COPY --from=build --chown=node:node /out /app
USER node
EXPOSE 3000
# The API with its V8 flags (apps/api/src/node-flags.ts says why; a spec keeps
# this line in step with it). API_PROCESSES sets how many processes cluster.js runs.
# The same image runs the worker with: node dist/bundle/worker.js
CMD ["node", "--min-semi-space-size=16", "--no-allocation-site-pretenuring", "dist/bundle/cluster.js"]

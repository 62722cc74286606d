# SPDX-License-Identifier: Apache-2.0
# The kubetrain manager image (kubetrain-manager). Two stages:
#  1. build: the workspace installed from the lockfile, then hack/install/build-image-tree.sh: the
#     production install of @kubetrain/controller (pnpm deploy --prod; no devDependencies, no tsx)
#     with the TypeScript of every workspace package compiled ahead of time into dist/.
#  2. run: that tree on distroless Node.js 24, as the non-root user 65532.
# No container engine runs in this project's CI; `hack/install/build-image-tree.sh` builds the same
# tree in a test (e2e/install) and starts the manager from it with plain node.
#   docker build -t kubetrain-manager:dev .

FROM node:24-bookworm-slim AS build
ENV CI=true COREPACK_ENABLE_DOWNLOAD_PROMPT=0
RUN corepack enable
WORKDIR /src
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml .npmrc tsconfig.base.json ./
COPY packages/ packages/
COPY e2e/package.json e2e/package.json
COPY hack/bench/package.json hack/bench/package.json
RUN pnpm install --frozen-lockfile
COPY hack/install/ hack/install/
RUN OFFLINE=0 KUBETRAIN_CACHE_DIR=/tmp/cache hack/install/build-image-tree.sh /out

FROM gcr.io/distroless/nodejs24-debian12:nonroot
LABEL org.opencontainers.image.title="kubetrain-manager" \
      org.opencontainers.image.description="kubetrain: the Kubeflow Trainer v2 control plane in TypeScript" \
      org.opencontainers.image.licenses="Apache-2.0"
WORKDIR /app
COPY --from=build --chown=65532:65532 /out /app
USER 65532:65532
ENV NODE_ENV=production
EXPOSE 9443 8443 8081
# --max-semi-space-size=2: V8's young generation stays at a few MiB instead of growing to 64 MiB
# under a burst of watch events; the manager's peak RSS at 1000 TrainJobs drops by about 100 MiB.
# --optimize-for-size: V8 favours memory over speed (smaller heap growth, less code kept): peak RSS
# at 1000 TrainJobs 118 against 150 MiB, throughput the same within noise (hack/bench/README.md).
# --no-maglev --no-turbofan: no optimizing compiler (Ignition and Sparkplug only). The manager waits
# on the API server most of the time; compiling hot code costs more than it saves: at 1000
# TrainJobs peak RSS 92 against 108-111 MiB, CPU 3.8 against 3.8-4.5 s, throughput the same or
# better (hack/bench/README.md).
ENTRYPOINT ["/nodejs/bin/node", "--max-semi-space-size=2", "--optimize-for-size", "--no-maglev", "--no-turbofan", "/app/dist/main.js"]

#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Builds the manager image's file tree into DIR (default $KUBETRAIN_CACHE_DIR/image-tree), exactly as
# the Dockerfile's build stage does: the production install of @kubetrain/controller
# (`pnpm deploy --prod`: its dependencies, the workspace packages copied in, no devDependencies, no
# tsx), then the TypeScript of the five workspace packages compiled ahead of time (tsc) into each
# package's `dist/`, the sources removed and each package.json pointed at `dist/`.
#   hack/install/build-image-tree.sh [DIR]      then: node DIR/dist/main.js --config ...
# Set OFFLINE=0 to let pnpm fetch what the store lacks (the Dockerfile's stage has an empty store).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
CACHE=${KUBETRAIN_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/kubetrain}
DIR=${1:-$CACHE/image-tree}
JS=$(mktemp -d)
trap 'rm -rf "$JS"' EXIT
cd "$ROOT"

offline=(--offline)
[[ ${OFFLINE:-1} == 0 ]] && offline=()
rm -rf "$DIR"
# pnpm hard-links the workspace packages' files into the tree: point-to-dist.mjs unlinks every file it
# rewrites, so nothing is ever written through into the checkout.
pnpm --filter @kubetrain/controller deploy --prod "${offline[@]}" "$DIR" >/dev/null
pnpm exec tsc -p hack/install/tsconfig.image.json --outDir "$JS"

# Each workspace package in the tree: sources out, compiled JavaScript in, package.json to dist/.
node hack/install/point-to-dist.mjs "$DIR" "$JS"
rm -f "$DIR/pnpm-lock.yaml" "$DIR/pnpm-workspace.yaml"
echo "image tree: $DIR ($(du -sh "$DIR" | cut -f1)); start it with: node $DIR/dist/main.js"

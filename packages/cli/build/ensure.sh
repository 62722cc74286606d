#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Builds packages/cli/dist (build.ts) only when one of its inputs changed since the last build: the
# TypeScript of the workspace packages (tests excluded), their package.json files, the lockfile and
# the build script. The hash of the inputs is kept in dist/.inputs-sha256. Called by `make cli`, by
# bin/kubetrain when the bundle is missing or stale, and safe to call from several processes at once.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../../.." && pwd)
DIST=$ROOT/packages/cli/dist
cd "$ROOT"

inputs_hash() {
  {
    find packages/*/src -name '*.ts' ! -name '*.test.ts' -print0 | sort -z | xargs -0 sha256sum
    sha256sum pnpm-lock.yaml packages/*/package.json packages/cli/build/build.ts
  } | sha256sum | cut -d' ' -f1
}

exec 9>"${TMPDIR:-/tmp}/kubetrain-cli-build.$(id -u).lock"
flock 9
hash=$(inputs_hash)
if [[ -f $DIST/main.js && "$(cat "$DIST/.inputs-sha256" 2>/dev/null)" == "$hash" ]]; then
  exit 0
fi
node --import tsx packages/cli/build/build.ts
echo "$hash" >"$DIST/.inputs-sha256"

#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Builds packages/cli/dist (build.ts) only when one of its inputs changed since the last build: the
# TypeScript (and the dashboard's CSS) of the workspace packages (tests excluded), their package.json files, the lockfile and
# the build script. The hash of the inputs is kept in dist/.inputs-sha256. Called by `make cli`, by
# bin/kubetrain when the bundle is missing or stale, and safe to call from several processes at once.
#
# dist is a symbolic link to a build folder beside it (packages/cli/.dist-XXXXXX, the same depth, so
# that files resolved against import.meta.url stay where they were). A build goes into a new folder;
# the link is then replaced by rename(2), atomically: a `kubetrain` starting at any moment sees the
# whole old bundle or the whole new one. Node runs the link's target, so a process already running
# keeps loading its chunks from the old folder, which stays until the next build replaces this one.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../../.." && pwd)
DIST=$ROOT/packages/cli/dist
cd "$ROOT"

inputs_hash() {
  {
    find packages/*/src \( -name '*.ts' -o -name '*.css' \) ! -name '*.test.ts' -print0 | sort -z | xargs -0 sha256sum
    sha256sum pnpm-lock.yaml packages/*/package.json packages/cli/build/build.ts
  } | sha256sum | cut -d' ' -f1
}

exec 9>"${TMPDIR:-/tmp}/kubetrain-cli-build.$(id -u).lock"
flock 9
hash=$(inputs_hash)
if [[ -f $DIST/main.js && "$(cat "$DIST/.inputs-sha256" 2>/dev/null)" == "$hash" ]]; then
  exit 0
fi
CLI=$ROOT/packages/cli
stage=$(mktemp -d "$CLI/.dist-XXXXXX")
trap 'rm -rf "$stage" "$CLI/.dist-link.$$"' ERR INT TERM
chmod 755 "$stage"
node --import tsx packages/cli/build/build.ts "$stage"
echo "$hash" >"$stage/.inputs-sha256"
previous=$(readlink "$DIST" 2>/dev/null || true)
ln -sfn "$(basename "$stage")" "$CLI/.dist-link.$$"
# A dist folder of before the link (a checkout's first build since) goes once, not atomically.
if [[ -d $DIST && ! -L $DIST ]]; then rm -rf "$DIST"; fi
mv -T "$CLI/.dist-link.$$" "$DIST"
# Keep the new build and the one it replaced (a process started before may still load its chunks).
for old in "$CLI"/.dist-*; do
  case "$(basename "$old")" in
    "$(basename "$stage")" | "$previous") ;;
    *) rm -rf "$old" ;;
  esac
done

#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Makes sure Debian's `chromium` package is installed (the headless browser of the dashboard's e2e,
# driven by playwright-core: no browser is downloaded from the internet). Prints one line: the path
# of the chromium binary. Installs with apt-get when it is missing (root, or sudo without a password);
# progress goes to stderr. Serialised by a lock: several e2e runs may call it at once.
set -euo pipefail

find_chromium() {
  command -v chromium 2>/dev/null || command -v chromium-browser 2>/dev/null || true
}

bin=$(find_chromium)
if [[ -z $bin ]]; then
  exec 9>"${TMPDIR:-/tmp}/kubetrain-ensure-chromium.lock"
  flock 9
  bin=$(find_chromium)
fi
if [[ -z $bin ]]; then
  sudo=()
  if [[ $(id -u) != 0 ]]; then
    if ! sudo -n true 2>/dev/null; then
      echo "ensure-chromium: chromium is missing and apt-get needs root: run 'sudo apt-get install -y chromium'" >&2
      exit 1
    fi
    sudo=(sudo -n)
  fi
  echo "ensure-chromium: installing Debian's chromium package (apt-get)" >&2
  if ! "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium >&2; then
    "${sudo[@]}" apt-get update >&2
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium >&2
  fi
  bin=$(find_chromium)
fi
if [[ -z $bin ]]; then
  echo "ensure-chromium: chromium was installed but is not on PATH" >&2
  exit 1
fi
echo "$bin"

#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Makes sure the virtual environment of a Python SDK suite exists, outside the checkout:
#   ensure-venv.sh NAME PACKAGE VERSION [MIN_PYTHON]
# creates $KUBETRAIN_CACHE_DIR/NAME with PACKAGE==VERSION from PyPI (with python3 of at least
# MIN_PYTHON, e.g. 3.10, when given) and prints the venv's python. Installs once; a venv whose
# PACKAGE is another version is rebuilt. Progress goes to stderr.
set -euo pipefail

NAME="$1" PACKAGE="$2" SDK_VERSION="$3" MIN_PYTHON="${4:-}"
CACHE_DIR="${KUBETRAIN_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/kubetrain}"
VENV="$CACHE_DIR/$NAME"
PY="$VENV/bin/python"

installed() { [[ -x $PY ]] && [[ $("$PY" -c "import importlib.metadata as m; print(m.version('$PACKAGE'))" 2>/dev/null) == "$SDK_VERSION" ]]; }

if ! installed; then
  python=$(command -v python3 || true)
  [[ -n $python ]] || { echo "$NAME: python3${MIN_PYTHON:+ (>= $MIN_PYTHON)} is needed" >&2; exit 1; }
  if [[ -n $MIN_PYTHON ]]; then
    "$python" -c "import sys; sys.exit(0 if sys.version_info >= tuple(int(p) for p in '$MIN_PYTHON'.split('.')) else 1)" ||
      { echo "$NAME: python3 >= $MIN_PYTHON is needed ($PACKAGE $SDK_VERSION)" >&2; exit 1; }
  fi
  rm -rf "$VENV"
  echo "$NAME: creating $VENV with $PACKAGE==$SDK_VERSION" >&2
  "$python" -m venv "$VENV" >&2
  "$PY" -m pip install --quiet --disable-pip-version-check "$PACKAGE==$SDK_VERSION" >&2
  installed || { echo "$NAME: $PACKAGE $SDK_VERSION did not install" >&2; exit 1; }
fi
echo "$PY"

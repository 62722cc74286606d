#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Makes sure the virtual environment of the Python SDK suite exists: kubeflow==0.5.0 from PyPI (the
# Kubeflow SDK, kubeflow.trainer.TrainerClient) in $KUBETRAIN_CACHE_DIR/sdk-venv, outside the
# checkout. Prints the venv's python. Installs once; a venv whose kubeflow is another version is
# rebuilt. Progress goes to stderr.
set -euo pipefail

SDK_VERSION="${KUBETRAIN_SDK_VERSION:-0.5.0}"
CACHE_DIR="${KUBETRAIN_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/kubetrain}"
VENV="$CACHE_DIR/sdk-venv"
PY="$VENV/bin/python"

installed() { [[ -x $PY ]] && [[ $("$PY" -c 'import importlib.metadata as m; print(m.version("kubeflow"))' 2>/dev/null) == "$SDK_VERSION" ]]; }

if ! installed; then
  python=$(command -v python3 || true)
  [[ -n $python ]] || { echo "sdk-venv: python3 (>= 3.10) is needed" >&2; exit 1; }
  "$python" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 10) else 1)' ||
    { echo "sdk-venv: python3 >= 3.10 is needed (kubeflow $SDK_VERSION)" >&2; exit 1; }
  rm -rf "$VENV"
  echo "sdk-venv: creating $VENV with kubeflow==$SDK_VERSION" >&2
  "$python" -m venv "$VENV" >&2
  "$PY" -m pip install --quiet --disable-pip-version-check "kubeflow==$SDK_VERSION" >&2
  installed || { echo "sdk-venv: kubeflow $SDK_VERSION did not install" >&2; exit 1; }
fi
echo "$PY"

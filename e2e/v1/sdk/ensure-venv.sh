#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Makes sure the virtual environment of the v1 Python SDK suite exists: kubeflow-training==1.9.4 from
# PyPI (Training Operator v1's SDK, kubeflow.training.TrainingClient) in
# $KUBETRAIN_CACHE_DIR/sdk-v1-venv, outside the checkout. Prints the venv's python. Installs once; a
# venv with another version is rebuilt. Progress goes to stderr.
set -euo pipefail

SDK_VERSION="${KUBETRAIN_V1_SDK_VERSION:-1.9.4}"
CACHE_DIR="${KUBETRAIN_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/kubetrain}"
VENV="$CACHE_DIR/sdk-v1-venv"
PY="$VENV/bin/python"

installed() { [[ -x $PY ]] && [[ $("$PY" -c 'import importlib.metadata as m; print(m.version("kubeflow-training"))' 2>/dev/null) == "$SDK_VERSION" ]]; }

if ! installed; then
  python=$(command -v python3 || true)
  [[ -n $python ]] || { echo "sdk-v1-venv: python3 is needed" >&2; exit 1; }
  rm -rf "$VENV"
  echo "sdk-v1-venv: creating $VENV with kubeflow-training==$SDK_VERSION" >&2
  "$python" -m venv "$VENV" >&2
  "$PY" -m pip install --quiet --disable-pip-version-check "kubeflow-training==$SDK_VERSION" >&2
  installed || { echo "sdk-v1-venv: kubeflow-training $SDK_VERSION did not install" >&2; exit 1; }
fi
echo "$PY"

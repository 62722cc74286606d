#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Builds upstream Kubeflow Training Operator v1.9.4, the live operator that e2e/v1/operator-parity
# compares kubetrain's v1 kinds (PyTorchJob, TFJob, MPIJob, ...) against, from the Go module proxy:
#   hack/baseline/build-training-operator.sh        prints the binary's path on stdout
# Built exactly as build-trainer.sh builds Trainer v2.3.0 (lib.sh's build_baseline): into
# $KUBETRAIN_CACHE_DIR/bin/training-operator/<version>/ (outside the checkout), not rebuilt when
# there, by `go build` inside the committed wrapper module modules/training-operator (its
# go.mod/go.sum pin every dependency; no upstream source is copied into the checkout), under the
# machine-wide build lock; prints how long the build took.
set -euo pipefail
# shellcheck source=hack/baseline/lib.sh
source "$(dirname "$0")/lib.sh"

build_baseline training-operator "$TRAINING_OPERATOR_VERSION" training-operator github.com/kubeflow/training-operator \
  github.com/kubeflow/training-operator/cmd/training-operator.v1

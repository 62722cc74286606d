#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Builds upstream Kubeflow Trainer's manager, the baseline the controller benchmark measures
# kubetrain against, from the Go module proxy:
#   hack/baseline/build-trainer.sh        prints the binary's path on stdout
# The binary lands at $KUBETRAIN_CACHE_DIR/bin/trainer-controller-manager/<version>/ (outside the
# checkout); one that is already there is not rebuilt. The build runs `go build` inside the
# committed wrapper module modules/trainer (its go.mod/go.sum pin every dependency; no upstream
# source is copied into the checkout), with the Go module and build caches of hack/cluster
# ($KUBETRAIN_CACHE_DIR/go), and prints how long it took (lib.sh's build_baseline).
set -euo pipefail
# shellcheck source=hack/baseline/lib.sh
source "$(dirname "$0")/lib.sh"

build_baseline trainer-controller-manager "$TRAINER_VERSION" trainer github.com/kubeflow/trainer/v2 \
  github.com/kubeflow/trainer/v2/cmd/trainer-controller-manager

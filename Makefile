# SPDX-License-Identifier: Apache-2.0
# kubetrain: `make run` and `make test` do everything on a fresh machine (see README.md).
SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

# Caches live outside the checkout so that a clean clone reuses them.
export KUBETRAIN_CACHE_DIR ?= $(or $(XDG_CACHE_HOME),$(HOME)/.cache)/kubetrain
TOOLBIN := $(shell hack/tools/ensure-node.sh)
export PATH := $(TOOLBIN):$(PATH)
TIMED := hack/tools/timed.sh
RESULTS := .test-results
JEST := node --experimental-vm-modules node_modules/jest/bin/jest.js

include hack/cluster/cluster.mk

.PHONY: help
help: ## List the targets.
	@grep -hE '^[a-zA-Z_-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  %-16s %s\n", $$1, $$2}'

node_modules/.modules.yaml: pnpm-lock.yaml package.json $(wildcard packages/*/package.json) e2e/package.json hack/bench/package.json
	$(TIMED) "pnpm install" pnpm install --frozen-lockfile
	@touch $@

.PHONY: deps
deps: node_modules/.modules.yaml ## Install the pnpm packages (frozen lockfile).

.PHONY: cli
cli: deps ## Build the kubetrain CLI bundle (packages/cli/dist) when a source changed.
	$(TIMED) "cli bundle" packages/cli/build/ensure.sh

.PHONY: generate
generate: deps ## Regenerate the CRDs and other generated files.
	$(TIMED) "generate" node --import tsx hack/tools/generate.ts
	$(TIMED) "generate: install files" node --import tsx hack/install/generate.ts

.PHONY: lint
lint: deps ## Type-check, lint and check formatting.
	$(TIMED) "typecheck: dashboard page" pnpm exec tsc -b packages/cli/src/dashboard/web
	$(TIMED) "typecheck" pnpm exec tsc --noEmit -p tsconfig.json
	$(TIMED) "eslint" pnpm exec eslint .
	$(TIMED) "prettier" pnpm exec prettier --check --log-level warn .

.PHONY: unit
unit: deps cli ## Unit and golden tests (no cluster needed).
	@mkdir -p $(RESULTS)
	$(TIMED) "unit tests" $(JEST) --json --outputFile=$(RESULTS)/unit.json

.PHONY: smp-diff
smp-diff: deps ## The strategic merge patch against apimachinery (hack/smp-diff; Go builds it on first use).
	@mkdir -p $(RESULTS)
	$(TIMED) "smp-diff" $(JEST) --testPathIgnorePatterns /node_modules/ --json --outputFile=$(RESULTS)/smp-diff.json \
	  packages/runtime/src/smp/differential.test.ts

# kubectl comes from hack/cluster (its `kubernetes` group is built on first use, as e2e needs it
# anyway); the cluster need not be running: `kubectl label --local` reads the files offline.
.PHONY: yaml-diff
yaml-diff: deps ## The CLI's YAML/JSON reading against kubectl v1.36 (hack/yaml-diff; no cluster contact).
	@mkdir -p $(RESULTS)
	$(TIMED) "build kubectl" $(CLUSTER)/build.sh kubernetes
	KUBECTL="$$(hack/cluster/which.sh kubectl)" $(TIMED) "yaml-diff" $(JEST) --testPathIgnorePatterns=/node_modules/ --runTestsByPath \
	  --json --outputFile=$(RESULTS)/yaml-diff.json packages/cli/src/input/differential.test.ts

# The e2e step ends by this many seconds whatever happens (a hung suite must not eat CI's 90 minutes);
# on a cold machine it includes the background builds of Kueue and the gang schedulers (~20 min).
E2E_TIME_LIMIT ?= 3600

# Upstream Training Operator v1.9.4, which e2e/v1/operator-parity.e2e.ts runs beside kubetrain's v1
# kinds: built from the Go module proxy into the binary cache (cold: about 6 minutes on 2 cores),
# printing its build time; cached afterwards. Built before cluster-up, whose background prebuilds
# (Kueue, the gang schedulers) would otherwise hold the one Go build lock first.
.PHONY: training-operator
training-operator: ## Build upstream Training Operator v1.9.4 (hack/baseline/build-training-operator.sh).
	$(TIMED) "build training-operator v1.9.4" hack/baseline/build-training-operator.sh

.PHONY: e2e
# The suites need more than `make run` does: helm, and (built in the background) Kueue, the gang
# schedulers and upstream's managers. A target-specific PREBUILD reaches cluster-up, a prerequisite.
e2e bench: PREBUILD = 1
e2e: deps cli training-operator helm chromium cluster-up ## End-to-end suites against the local control plane.
	@mkdir -p $(RESULTS)
	$(TIMED) "e2e tests" timeout --kill-after=30 $(E2E_TIME_LIMIT) \
	  $(JEST) --config e2e/jest.config.js --runInBand --json --outputFile=$(RESULTS)/e2e.json

.PHONY: chromium
chromium: ## Debian's chromium for the dashboard's browser e2e (apt-get install when missing).
	@hack/tools/ensure-chromium.sh >/dev/null

.PHONY: test
test: ## Every test: lint, unit, golden, smp-diff, yaml-diff and end-to-end; ends with `N passed, N failed`.
	@rm -rf $(RESULTS); mkdir -p $(RESULTS); rc=0; \
	$(MAKE) --no-print-directory lint || rc=1; \
	$(MAKE) --no-print-directory unit || rc=1; \
	$(MAKE) --no-print-directory smp-diff || rc=1; \
	$(MAKE) --no-print-directory yaml-diff || rc=1; \
	$(MAKE) --no-print-directory e2e || rc=1; \
	node hack/tools/summarize-tests.mjs $(RESULTS)/unit.json $(RESULTS)/smp-diff.json $(RESULTS)/yaml-diff.json $(RESULTS)/e2e.json || rc=1; \
	exit $$rc

.PHONY: bench
bench: deps cli cluster-up bench-manager ## Benchmarks (hack/bench); each reports a ratio against a baseline measured in the same run.
	$(TIMED) "bench: render" node --import tsx hack/bench/render.bench.ts
	$(TIMED) "bench: metrics scrape" node --import tsx hack/bench/metrics-scrape.bench.ts
	$(TIMED) "bench: cli start-up" node --import tsx hack/bench/cli-startup.bench.ts
	KUBETRAIN_BENCH_MANAGER_TREE=$(KUBETRAIN_CACHE_DIR)/bench-manager $(TIMED) "bench: controller" node --import tsx hack/bench/controller.bench.ts
	$(TIMED) "bench: webhook" node --import tsx hack/bench/webhook.bench.ts
	KUBETRAIN_BENCH_MANAGER_TREE=$(KUBETRAIN_CACHE_DIR)/bench-manager $(TIMED) "bench: scale" node --import tsx hack/bench/scale.bench.ts --json $(KUBETRAIN_CACHE_DIR)/bench-scale.json

.PHONY: bench-scale
bench-scale: deps cluster-up bench-manager ## Scale benchmark (issue 26): 1,000-10,000 TrainJobs, relist, steady load, pair ceiling; kubetrain vs upstream tuned (about 45 min).
	KUBETRAIN_BENCH_MANAGER_TREE=$(KUBETRAIN_CACHE_DIR)/bench-manager $(TIMED) "bench: scale" node --import tsx hack/bench/scale.bench.ts --json $(KUBETRAIN_CACHE_DIR)/bench-scale.json

.PHONY: bench-cli
bench-cli: deps cli ## CLI start-up benchmark: kubetrain --version, --help, validate, render, migrate vs node -e 0.
	$(TIMED) "bench: cli start-up" node --import tsx hack/bench/cli-startup.bench.ts

.PHONY: run
run: deps cli ## Start the local control plane if no cluster is configured, install kubetrain, run an example TrainJob.
	$(TIMED) "run" hack/run.sh

.PHONY: stop
stop: ## Stop the manager `make run` started and remove its webhook configurations (the cluster stays up).
	hack/install/stop.sh

.PHONY: deploy
deploy: ## Install kubetrain into the cluster KUBECONFIG names (kubectl apply -k manifests, in order).
	hack/install/deploy.sh

.PHONY: bench-manager
bench-manager: deps ## Compile the manager (the image's file tree) into $(KUBETRAIN_CACHE_DIR)/bench-manager, which the controller benchmark runs.
	$(TIMED) "bench-manager" hack/install/build-image-tree.sh $(KUBETRAIN_CACHE_DIR)/bench-manager

.PHONY: image-tree
image-tree: deps ## Build the manager image's file tree (what the Dockerfile installs) into $(KUBETRAIN_CACHE_DIR)/image-tree.
	$(TIMED) "image-tree" hack/install/build-image-tree.sh

.PHONY: clean
clean: ## Remove build output and test results from the checkout (caches stay).
	rm -rf $(RESULTS) packages/*/dist

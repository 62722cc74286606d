# SPDX-License-Identifier: Apache-2.0
# The local control plane targets (placeholder until hack/cluster lands).
.PHONY: cluster-up cluster-down cluster-status
cluster-up: ## Start the local control plane.
	@echo "hack/cluster: not built yet" >&2; exit 1
cluster-down: ## Stop the local control plane.
	@true
cluster-status: ## Show the local control plane's state.
	@echo "hack/cluster: not built yet"

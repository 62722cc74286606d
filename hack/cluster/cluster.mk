# SPDX-License-Identifier: Apache-2.0
# The local control plane (hack/cluster, see README.md "Local control plane"): real etcd,
# kube-apiserver, kube-controller-manager, kube-scheduler, kwok nodes and the JobSet and
# LeaderWorkerSet controllers, built from Go modules into $(KUBETRAIN_CACHE_DIR)/bin and run as
# local processes on 127.0.0.1:
#   etcd 16379/16380, kube-apiserver 16443, kube-controller-manager 16257, kube-scheduler 16259,
#   kwok 16247, JobSet webhook 16501 (health 16502), LWS webhook 16511 (health 16512);
#   optional Kueue (KUEUE=1 or its suite): webhook 16531, health 16532, metrics 16533;
#   16521 reserved for kubetrain's own webhook (cert in $(KUBETRAIN_CACHE_DIR)/cluster/pki/kubetrain-webhook/).
# kubeconfig: $(KUBETRAIN_CACHE_DIR)/cluster/kubeconfig   logs: $(KUBETRAIN_CACHE_DIR)/cluster-logs/
CLUSTER := hack/cluster

.PHONY: cluster-build cluster-up cluster-down cluster-status kueue-up kueue-down gangs-up gangs-down
cluster-build: ## Build the control plane's binaries that are missing (Go; cold: about 15 minutes on 2 cores).
	$(CLUSTER)/build.sh

# KUEUE=1: also start the optional Kueue controller manager (hack/cluster/kueue-up.sh; the Kueue
# suite starts it itself otherwise).
KUEUE ?=
# GANGS=1: also start the optional gang schedulers, Volcano and scheduler-plugins (volcano-up.sh,
# scheduler-plugins-up.sh; the gang suite starts them itself otherwise).
GANGS ?=
# PREBUILD=1: after the cluster is up, build what the suites need besides it (missing Kueue and
# gang-scheduler binaries, upstream's managers) in the background, so that a cold `make test` does
# not wait for them inside a suite. `make e2e` and `make bench` set it; `make run` and a plain
# `make cluster-up` build only what the cluster runs.
PREBUILD ?=

cluster-up: ## Build what is missing, start the local control plane (API server on 127.0.0.1:16443); KUEUE=1 adds Kueue, GANGS=1 Volcano and scheduler-plugins.
	$(TIMED) "cluster-up" $(CLUSTER)/up.sh
	$(if $(filter 1,$(GANGS)),$(TIMED) "gangs-up" $(MAKE) --no-print-directory gangs-up,$(if $(filter 1,$(PREBUILD)),@$(CLUSTER)/volcano-prebuild.sh))
	$(if $(filter 1,$(KUEUE)),$(TIMED) "kueue-up" $(CLUSTER)/kueue-up.sh,$(if $(filter 1,$(PREBUILD)),@$(CLUSTER)/kueue-prebuild.sh))
	$(if $(filter 1,$(PREBUILD)),@hack/baseline/prebuild.sh)

.PHONY: helm
helm: ## Build helm (hack/cluster; the install suites and chart users need it, the cluster does not).
	$(TIMED) "build helm" $(CLUSTER)/build.sh helm

kueue-up: ## Start the optional Kueue controller manager on the running cluster (webhooks 127.0.0.1:16531).
	$(TIMED) "kueue-up" $(CLUSTER)/kueue-up.sh

kueue-down: ## Remove Kueue's webhook configurations and stop Kueue (the cluster stays up).
	$(CLUSTER)/kueue-down.sh

gangs-up: ## Start the optional gang schedulers (Volcano 127.0.0.1:16541-16544, scheduler-plugins 16551-16553) on the running cluster.
	$(CLUSTER)/volcano-up.sh
	$(CLUSTER)/scheduler-plugins-up.sh

gangs-down: ## Stop the optional gang schedulers (the cluster stays up).
	$(CLUSTER)/volcano-down.sh
	$(CLUSTER)/scheduler-plugins-down.sh

cluster-down: ## Stop exactly the processes cluster-up started and remove their state.
	$(CLUSTER)/down.sh

cluster-status: ## Show the local control plane's processes, nodes, kubeconfig and log paths.
	@$(CLUSTER)/status.sh

# SPDX-License-Identifier: Apache-2.0
"""Drives kubeflow.trainer.TrainerClient (kubeflow 0.5.0, unchanged) against a cluster and prints
one JSON object with what it saw: the runtimes, the TrainJob it trained (2-node CustomTrainer),
its status after wait_for_job_status, its steps and pods, and whether delete_job removed it.

Usage: python drive_trainer_client.py KUBECONFIG NAMESPACE
"""

import json
import sys

from kubeflow.common.types import KubernetesBackendConfig
from kubeflow.trainer import CustomTrainer, TrainerClient


def train_fn():
    """The function the SDK ships to every node (kwok nodes only simulate running it)."""
    import os

    print("rank", os.environ.get("PET_NODE_RANK"))


def main() -> None:
    kubeconfig, namespace = sys.argv[1], sys.argv[2]
    client = TrainerClient(KubernetesBackendConfig(namespace=namespace, config_file=kubeconfig))
    out: dict = {}

    runtimes = client.list_runtimes()
    out["runtimes"] = [
        {"name": r.name, "framework": r.trainer.framework, "image": r.trainer.image, "num_nodes": r.trainer.num_nodes}
        for r in runtimes
    ]
    runtime = client.get_runtime("torch-distributed")
    out["entrypoint"] = list(runtime.trainer.command)

    name = client.train(runtime=runtime, trainer=CustomTrainer(func=train_fn, num_nodes=2))
    out["name"] = name
    job = client.wait_for_job_status(name, {"Complete"}, timeout=240, polling_interval=1)
    job = client.get_job(name)
    out["status"] = job.status
    out["num_nodes"] = job.num_nodes
    out["steps"] = [{"name": s.name, "status": s.status, "pod_name": s.pod_name} for s in job.steps]
    out["listed"] = [j.name for j in client.list_jobs()]

    client.delete_job(name)
    out["deleted"] = True
    print(json.dumps(out))


if __name__ == "__main__":
    main()

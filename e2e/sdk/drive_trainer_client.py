# SPDX-License-Identifier: Apache-2.0
"""Drives kubeflow.trainer.TrainerClient (kubeflow 0.5.0, unchanged) against a cluster and prints
one JSON object with what it saw: the runtimes, the TrainJob it trained (2-node CustomTrainer),
its status after wait_for_job_status, its steps and pods, and whether delete_job removed it.

Usage:
  python drive_trainer_client.py KUBECONFIG NAMESPACE train        list runtimes, train, wait, read
  python drive_trainer_client.py KUBECONFIG NAMESPACE logs NAME    get_job_logs of each node step
  python drive_trainer_client.py KUBECONFIG NAMESPACE delete NAME  delete_job
"""

import json
import sys

from kubeflow.common.types import KubernetesBackendConfig
from kubeflow.trainer import CustomTrainer, TrainerClient


def train_fn():
    """The function the SDK ships to every node (kwok nodes only simulate running it)."""
    import os

    print("rank", os.environ.get("PET_NODE_RANK"))


def train(client: TrainerClient) -> dict:
    """Lists runtimes, trains a 2-node CustomTrainer job, waits for Complete, reads it back."""
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
    return out


def logs(client: TrainerClient, name: str) -> dict:
    """The log lines of each node step, as get_job_logs returns them."""
    job = client.get_job(name)
    return {s.name: list(client.get_job_logs(name, step=s.name)) for s in job.steps if s.name.startswith("node-")}


def delete(client: TrainerClient, name: str) -> dict:
    client.delete_job(name)
    return {"deleted": name}


def main() -> None:
    kubeconfig, namespace, action = sys.argv[1], sys.argv[2], sys.argv[3]
    client = TrainerClient(KubernetesBackendConfig(namespace=namespace, config_file=kubeconfig))
    if action == "train":
        out = train(client)
    elif action == "logs":
        out = logs(client, sys.argv[4])
    else:
        out = delete(client, sys.argv[4])
    print(json.dumps(out))


if __name__ == "__main__":
    main()

# SPDX-License-Identifier: Apache-2.0
"""Drives Training Operator v1's Python SDK (kubeflow-training 1.9.4, TrainingClient), unchanged,
against kubetrain: `create` builds a PyTorchJob with the SDK's models (Master and one Worker; pod
annotations tell kwok what to do), creates it, waits for Succeeded, and reports what the SDK reads of
it; `logs` reads every pod's log; `delete` deletes the job. Prints one JSON line.

Usage: python drive_training_client.py KUBECONFIG NAMESPACE create NAME ANNOTATIONS_JSON
       python drive_training_client.py KUBECONFIG NAMESPACE logs NAME
       python drive_training_client.py KUBECONFIG NAMESPACE delete NAME
"""
import json
import sys

from kubernetes import client as k8s
from kubeflow.training import (
    KubeflowOrgV1PyTorchJob,
    KubeflowOrgV1PyTorchJobSpec,
    KubeflowOrgV1ReplicaSpec,
    KubeflowOrgV1RunPolicy,
    TrainingClient,
)


def replica(annotations):
    container = k8s.V1Container(
        name="pytorch",
        image="docker.io/pytorch/pytorch:2.7.1-cuda12.8-cudnn9-runtime",
        command=["python", "/workspace/train.py"],
    )
    return KubeflowOrgV1ReplicaSpec(
        replicas=1,
        restart_policy="OnFailure",
        template=k8s.V1PodTemplateSpec(
            metadata=k8s.V1ObjectMeta(annotations=annotations),
            spec=k8s.V1PodSpec(containers=[container]),
        ),
    )


def main():
    config_file, namespace, command, name, *rest = sys.argv[1:]
    tc = TrainingClient(config_file=config_file, namespace=namespace, job_kind="PyTorchJob")
    if command == "create":
        annotations = json.loads(rest[0])
        job = KubeflowOrgV1PyTorchJob(
            api_version="kubeflow.org/v1",
            kind="PyTorchJob",
            metadata=k8s.V1ObjectMeta(name=name, namespace=namespace),
            spec=KubeflowOrgV1PyTorchJobSpec(
                run_policy=KubeflowOrgV1RunPolicy(clean_pod_policy="None"),
                pytorch_replica_specs={"Master": replica(annotations), "Worker": replica(annotations)},
            ),
        )
        tc.create_job(job)
        done = tc.wait_for_job_conditions(
            name, expected_conditions={"Succeeded"}, timeout=120, polling_interval=1
        )
        report = {
            "conditions": [c.type for c in done.status.conditions],
            "replica_statuses": {
                # As the SDK reads them: None where the operator omitted a zero count.
                rtype: {"succeeded": s.succeeded, "active": s.active}
                for rtype, s in (done.status.replica_statuses or {}).items()
            },
            "succeeded": tc.is_job_succeeded(name),
            "pods": sorted(tc.get_job_pod_names(name)),
            "master_pods": tc.get_job_pod_names(name, is_master=True),
            "worker_pods": tc.get_job_pod_names(name, replica_type="worker"),
            "listed": [j.metadata.name for j in tc.list_jobs()],
        }
    elif command == "logs":
        logs, _events = tc.get_job_logs(name, is_master=False)
        report = {pod: text.strip().split("\n") for pod, text in sorted(logs.items())}
    elif command == "delete":
        tc.delete_job(name)
        report = {"deleted": name}
    else:
        raise SystemExit(f"unknown command {command}")
    print(json.dumps(report))


if __name__ == "__main__":
    main()

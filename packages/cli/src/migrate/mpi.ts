// SPDX-License-Identifier: Apache-2.0
// MPIJob: a TrainingRuntime with the MPI policy (OpenMPI over SSH, as upstream's MPI migration
// guide describes), a `node` job of the Workers and a `launcher` job (the trainer step, started once
// the workers are Ready), and a TrainJob whose numNodes is the Worker count (the launcher is not a
// node: runLauncherAsNode false, as in v1).

import { ContainerNames } from '@kubetrain/api';
import type { ConvertedObjects, V1JobContext } from './context.js';
import { reportEnvContract } from './env-contract.js';
import { MigrationError } from './findings.js';
import { readRunPolicy } from './run-policy.js';
import { runtimeAndTrainJob, TRAINER_JOB_LABELS } from './objects.js';
import { containersOf, frameworkContainerIndex, runtimePodTemplate } from './pod-template.js';
import { jobRestart, reportPodRestartPolicy, withJobRestart } from './restart-policy.js';
import { readReplicas } from './v1-kinds.js';
import type { Json, V1Replica } from './v1-kinds.js';

/** Where the MPI plugin mounts the SSH key pair: root's, as the v1 examples' images run as root. */
const SSH_AUTH_MOUNT_PATH = '/root/.ssh';

/** What a worker runs when its v1 template gave no command (v1 ran `sleep 365d` and used kubectl exec). */
const SSHD_COMMAND = ['/usr/sbin/sshd', '-De'];

/** The pod template and Job spec of one MPI role. */
function roleJob(replica: V1Replica, mainContainer: string, ctx: V1JobContext, worker: boolean): Json {
  const index = frameworkContainerIndex(replica.template, mainContainer);
  const restart = jobRestart(
    replica.restartPolicy,
    `${replica.path}.restartPolicy`,
    ctx.run.backoffLimit,
    ctx.findings,
  );
  reportPodRestartPolicy(replica.template, replica.path, ctx.findings);
  const pod = runtimePodTemplate(replica.template, index, restart.podRestartPolicy);
  const container = containersOf(pod)[index];
  if (worker && container !== undefined && container.command === undefined) {
    container.command = [...SSHD_COMMAND];
    ctx.findings.changed(
      `${replica.path}.template.spec.containers[${index}].command`,
      `unset: v1 workers ran "sleep 365d" and took commands through kubectl exec; v2 workers run ${SSHD_COMMAND.join(' ')} and take them over SSH`,
    );
  }
  return withJobRestart({ template: pod }, restart);
}

/** Converts an MPIJob. */
export function convertMPI(ctx: V1JobContext): ConvertedObjects {
  const replicas = readReplicas('MPIJob', ctx.spec, ctx.findings);
  const launcher = replicas.find((r) => r.type === 'Launcher');
  if (launcher === undefined) throw new MigrationError('spec.mpiReplicaSpecs', 'an MPIJob needs a Launcher');
  const worker = replicas.find((r) => r.type === 'Worker');
  const mainContainer = typeof ctx.spec.mainContainer === 'string' ? ctx.spec.mainContainer : '';
  if (ctx.spec.cleanPodPolicy !== undefined)
    readRunPolicy({ cleanPodPolicy: ctx.spec.cleanPodPolicy }, 'spec', ctx.findings);
  reportEnvContract('MPIJob', ctx.metadata.name, ctx.findings);

  const slots = typeof ctx.spec.slotsPerWorker === 'number' ? ctx.spec.slotsPerWorker : 1;
  if (slots < 1)
    throw new MigrationError(
      'spec.slotsPerWorker',
      `${slots}: it becomes the runtime's mlPolicy.mpi.numProcPerNode, which must be at least 1`,
    );
  const numNodes = worker?.replicas ?? 0;
  const jobs: Json[] = [];
  if (worker !== undefined)
    jobs.push({ name: ContainerNames.Node, template: { spec: roleJob(worker, mainContainer, ctx, true) } });
  jobs.push({
    name: ContainerNames.Launcher,
    ...(worker !== undefined ? { dependsOn: [{ name: ContainerNames.Node, status: 'Ready' }] } : {}),
    template: {
      metadata: { labels: TRAINER_JOB_LABELS },
      spec: roleJob(launcher, mainContainer, ctx, false),
    },
  });
  const spec: Json = {
    mlPolicy: {
      // The launcher's pod count is mlPolicy.numNodes (as in the shipped MPI runtimes): one.
      numNodes: 1,
      mpi: {
        numProcPerNode: slots,
        mpiImplementation: 'OpenMPI',
        sshAuthMountPath: SSH_AUTH_MOUNT_PATH,
        runLauncherAsNode: false,
      },
    },
    template: {
      spec: {
        network: { publishNotReadyAddresses: true },
        successPolicy: { operator: 'All', targetReplicatedJobs: [ContainerNames.Launcher] },
        replicatedJobs: jobs,
      },
    },
  };
  return runtimeAndTrainJob(ctx.metadata, undefined, spec, { numNodes }, ctx.run.trainJob);
}

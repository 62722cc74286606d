// SPDX-License-Identifier: Apache-2.0
// `make run`'s example runner: reports the example TrainJob's progress to the manager's status
// server ON BEHALF OF its kwok pods (simulated pods run no code, so they cannot report themselves).
// It does what a trainer pod does with the Kubeflow SDK's `update_trainjob_status()`: a token from
// the TokenRequest API (`kubectl create token`) for the job's audience
// `trainer.kubeflow.org/v1alpha1/namespaces/<ns>/trainjobs/<name>/status`, then HTTPS POSTs of
// `{"trainerStatus": {...}}` to `<url>/apis/trainer.kubeflow.org/v1alpha1/namespaces/<ns>/trainjobs/<name>/status`,
// trusting the CA of the manager's certificate. One line per report on stdout; exit 1 at the first
// refused report (its code and body printed), 2 on bad arguments.
//   node --import tsx hack/run/report-progress.ts --kubectl K --kubeconfig F --namespace NS --name N \
//     --url https://127.0.0.1:PORT --ca CA_FILE [--service-account default] [--seconds 5] [--reports 6]
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request } from 'node:https';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs, promisify } from 'node:util';
import { statusPath, tokenAudience } from '@kubetrain/controller';
import { reportBody, reportSchedule } from './progress-reports.js';

/** Each request's time limit, and the most of a response body read. */
const REQUEST_TIMEOUT_MS = 10_000;
const MAX_RESPONSE_BYTES = 64 * 1024;

/** A token for the job's audience from the TokenRequest API, as the pod's projected token would be. */
async function requestToken(
  kubectl: string,
  kubeconfig: string,
  namespace: string,
  serviceAccount: string,
  audience: string,
): Promise<string> {
  const args = ['--kubeconfig', kubeconfig, 'create', 'token', serviceAccount, '-n', namespace];
  const { stdout } = await promisify(execFile)(
    kubectl,
    [...args, '--audience', audience, '--duration', '10m'],
    {
      timeout: REQUEST_TIMEOUT_MS,
    },
  );
  return stdout.trim();
}

/** POSTs `body`; resolves with the HTTP code and (the first 64 KiB of) the response body. */
function post(url: URL, ca: string, token: string, body: string): Promise<{ code: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        ca,
        timeout: REQUEST_TIMEOUT_MS,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (text.length < MAX_RESPONSE_BYTES) text += chunk.slice(0, MAX_RESPONSE_BYTES - text.length);
        });
        res.on('end', () => resolve({ code: res.statusCode ?? 0, body: text }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer in ${REQUEST_TIMEOUT_MS} ms`)));
    req.on('error', reject);
    req.end(body);
  });
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      kubectl: { type: 'string' },
      kubeconfig: { type: 'string' },
      namespace: { type: 'string' },
      name: { type: 'string' },
      url: { type: 'string' },
      ca: { type: 'string' },
      'service-account': { type: 'string', default: 'default' },
      seconds: { type: 'string', default: '5' },
      reports: { type: 'string', default: '6' },
    },
  });
  const { kubectl, kubeconfig, namespace, name, url, ca } = values;
  const seconds = Number(values.seconds);
  const reports = Number(values.reports);
  if (!kubectl || !kubeconfig || !namespace || !name || !url || !ca || !(seconds >= 0) || !(reports >= 2)) {
    process.stderr.write(
      'usage: report-progress.ts --kubectl K --kubeconfig F --namespace NS --name N --url https://HOST:PORT --ca CA_FILE [--service-account SA] [--seconds S] [--reports N>=2]\n',
    );
    return 2;
  }
  const audience = tokenAudience(namespace, name);
  const target = new URL(statusPath(namespace, name), url);
  process.stdout.write(
    `reporting the progress of TrainJob ${namespace}/${name} on behalf of its kwok pods (they run no code): POST ${target.href}, token audience ${audience}\n`,
  );
  const token = await requestToken(kubectl, kubeconfig, namespace, values['service-account'], audience);
  const caPem = readFileSync(ca, 'utf8');
  const schedule = reportSchedule(seconds, reports);
  const interval = (seconds * 1000) / (schedule.length - 1);
  for (const [i, report] of schedule.entries()) {
    if (i > 0) await sleep(interval);
    const answer = await post(target, caPem, token, reportBody(report, new Date()));
    const what = `${report.progressPercentage}% (ETA ${report.estimatedRemainingSeconds}s)`;
    if (answer.code !== 200) {
      process.stdout.write(`report ${what} refused: HTTP ${answer.code} ${JSON.stringify(answer.body)}\n`);
      return 1;
    }
    process.stdout.write(`reported ${what}: HTTP 200\n`);
  }
  return 0;
}

process.exitCode = await main().catch((error: unknown) => {
  process.stdout.write(`report-progress: ${error instanceof Error ? error.message : String(error)}\n`);
  return 1;
});

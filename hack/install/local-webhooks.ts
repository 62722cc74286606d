// SPDX-License-Identifier: Apache-2.0
// The webhook configurations for a manager running as a local process (`make run`): URL clientConfig
// to https://127.0.0.1:PORT with the CA the manager's cert management issued (its cert dir's
// ca.crt; the manager keeps injecting it afterwards), labelled so `make stop` removes exactly
// these. Prints YAML for `kubectl apply -f -`.
//   node --import tsx hack/install/local-webhooks.ts PORT CA_FILE
import { readFileSync } from 'node:fs';
import { stringify } from 'yaml';
import { webhookConfigurations } from '@kubetrain/controller';

/** The label `make run` puts on the objects it alone manages. */
export const LOCAL_RUN_LABEL = { 'app.kubernetes.io/managed-by': 'kubetrain-make-run' } as const;

/** The two configurations pointed at the local manager on `port`, trusting `caBundle` (PEM). */
export function localWebhooks(port: number, caBundle: string): Record<string, unknown>[] {
  return webhookConfigurations({
    target: { url: `https://127.0.0.1:${port}` },
    caBundle,
    timeoutSeconds: 10,
  }).map((o) => ({
    ...o,
    metadata: { ...(o['metadata'] as object), labels: LOCAL_RUN_LABEL },
  }));
}

const [portText, caFile] = process.argv.slice(2);
const port = Number(portText);
if (!Number.isInteger(port) || port < 1 || port > 65535 || caFile === undefined) {
  process.stderr.write('usage: local-webhooks.ts PORT CA_FILE\n');
  process.exit(2);
}
process.stdout.write(
  localWebhooks(port, readFileSync(caFile, 'utf8'))
    .map((o) => stringify(o))
    .join('---\n'),
);

// SPDX-License-Identifier: Apache-2.0
// One fresh namespace per suite, deleted afterwards (the namespace controller of
// kube-controller-manager removes what is left in it).
import { randomBytes } from 'node:crypto';
import { apiStatus } from './api-errors.js';
import { cluster } from './cluster.js';
import { waitFor } from './wait.js';

/**
 * Creates a namespace `<prefix>-<random>` and waits for its `default` ServiceAccount: the
 * ServiceAccount admission plugin rejects pods created before the controller-manager made it.
 */
export async function createNamespace(prefix: string): Promise<string> {
  const name = `${prefix}-${randomBytes(3).toString('hex')}`;
  const { core } = cluster();
  await core.createNamespace({ body: { metadata: { name, labels: { 'kubetrain.dev/e2e': 'true' } } } });
  await waitFor(`ServiceAccount default in namespace ${name}`, async () => {
    await core.readNamespacedServiceAccount({ name: 'default', namespace: name });
    return true;
  });
  return name;
}

export async function deleteNamespace(name: string): Promise<void> {
  await cluster().core.deleteNamespace({ name, propagationPolicy: 'Background' });
}

/** Deletes the namespace and waits until it is gone (its objects' finalizers, e.g. Kueue's, done). */
export async function deleteNamespaceAndWait(name: string): Promise<void> {
  await deleteNamespace(name);
  await waitFor(`namespace ${name} gone`, async () =>
    cluster()
      .core.readNamespace({ name })
      .then(
        () => undefined,
        (error: unknown) => (apiStatus(error)?.code === 404 ? true : undefined),
      ),
  );
}

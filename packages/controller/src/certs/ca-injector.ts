// SPDX-License-Identifier: Apache-2.0
// Puts the CA bundle into every webhook of the Mutating- and ValidatingWebhookConfiguration. The
// bundle written keeps the CAs already there that are still valid (newest first, at most three), so
// a replica still serving a certificate of the previous CA keeps being trusted during a rotation.

import {
  ConflictError,
  isNotFound,
  type KubeClient,
  type KubeObject,
  type ResourceRef,
} from '../cluster/kube.js';
import { mergeBundles } from './inspect.js';
import { CertResources } from './resources.js';

/** The names of the two configuration objects. */
export interface ConfigurationNames {
  readonly mutating: string;
  readonly validating: string;
}

type Webhook = { clientConfig?: { caBundle?: string } };

async function injectInto(
  client: KubeClient,
  ref: ResourceRef,
  name: string,
  bundle: string,
): Promise<boolean> {
  for (let attempt = 0; attempt < 5; attempt++) {
    let object: KubeObject & { webhooks?: Webhook[] };
    try {
      object = await client.get(ref, name);
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
    let changed = false;
    for (const webhook of object.webhooks ?? []) {
      const current = Buffer.from(webhook.clientConfig?.caBundle ?? '', 'base64').toString('utf8');
      const merged = mergeBundles(bundle, current);
      const encoded = Buffer.from(merged).toString('base64');
      if (webhook.clientConfig?.caBundle === encoded) continue;
      webhook.clientConfig = { ...(webhook.clientConfig ?? {}), caBundle: encoded };
      changed = true;
    }
    if (!changed) return true;
    try {
      await client.replace(ref, object);
      return true;
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error;
    }
  }
  throw new Error(`could not inject the CA bundle into ${ref.kind} ${name}: conflicts persisted`);
}

/**
 * Injects `bundle` (PEM) into both configurations; a configuration that does not exist (yet) is
 * skipped. Resolves with the names found.
 */
export async function injectCABundle(
  client: KubeClient,
  names: ConfigurationNames,
  bundle: string,
): Promise<string[]> {
  const found: string[] = [];
  if (await injectInto(client, CertResources.MutatingWebhookConfiguration, names.mutating, bundle))
    found.push(names.mutating);
  if (await injectInto(client, CertResources.ValidatingWebhookConfiguration, names.validating, bundle))
    found.push(names.validating);
  return found;
}

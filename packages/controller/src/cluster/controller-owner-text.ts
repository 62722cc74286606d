// SPDX-License-Identifier: Apache-2.0
// How an object's controller owner reads in an event or error message.
import { controllerOwner, type KubeObject } from './kube.js';

/** `controller owner <Kind> <name> (uid <uid>)`, or `no controller owner`. */
export function controllerOwnerText(object: KubeObject): string {
  const owner = controllerOwner(object);
  return owner === undefined
    ? 'no controller owner'
    : `controller owner ${owner.kind} ${owner.name} (uid ${owner.uid})`;
}

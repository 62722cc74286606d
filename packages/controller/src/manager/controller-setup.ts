// SPDX-License-Identifier: Apache-2.0
// What a controller declares to the manager, as controller-runtime's `SetupWithManager`: the
// watches that fill its stores (the manager makes one reflector each, scoped and measured alike),
// its controllers, and whether the leader waits for its watches before starting any controller.

import type { KubeObject, ResourceRef, Store } from '../cluster/kube.js';
import type { Controller } from './controller.js';

/** One watch: `resource` listed and watched into `store`. */
export interface Watch {
  readonly resource: ResourceRef;
  readonly store: Store;
  readonly labelSelector?: string;
  /** A server-side field selector (e.g. the pods that did not succeed). */
  readonly fieldSelector?: string;
  /** Ask the server for metadata only (PartialObjectMetadata): no data or spec travels at all. */
  readonly metadataOnly?: boolean;
  /** What the store keeps of each object (a projection); all of it when absent. */
  readonly transform?: (object: KubeObject) => KubeObject;
}

/** A controller set up: its watches and its controllers. */
export interface ControllerSetup {
  /** For logs: `trainjob`, `runtimes`, `v1`. */
  readonly name: string;
  readonly watches: readonly Watch[];
  readonly controllers: readonly Controller[];
  /**
   * True: every controller waits for these watches' first list. False: its controllers start once
   * its own watches listed, and the others do not wait for them (the v1 kinds, whose CRDs may be
   * missing).
   */
  readonly gatesStart: boolean;
}

// SPDX-License-Identifier: Apache-2.0
// Kubernetes Events (events.k8s.io/v1), written as upstream's recorder writes them:
// `Eventf(regarding, related, type, reason, action, note)`, reportingController = the recorder
// name. Recording never fails a reconcile: a failed write is logged and dropped.

import { randomBytes } from 'node:crypto';
import type { KubeApi } from '../cluster/kube.js';
import type { Logger } from '@kubetrain/log';
import { ManagerResources } from '../cluster/resources.js';

/** `Normal` or `Warning`. */
type EventType = 'Normal' | 'Warning';

/** The object an event is about. */
interface EventSubject {
  readonly apiVersion?: string;
  readonly kind?: string;
  readonly metadata?: { name?: string; namespace?: string; uid?: string; resourceVersion?: string };
}

/** One event to record. */
export interface EventInput {
  readonly type: EventType;
  readonly reason: string;
  readonly action: string;
  readonly note: string;
}

/** The longest note events.k8s.io/v1 accepts (1 KiB). */
const MAX_NOTE = 1024;

/** Writes events for one reporting controller. */
export class EventRecorder {
  constructor(
    private readonly client: KubeApi,
    /** `reportingController`, e.g. `trainer-trainjob-controller`. */
    private readonly controller: string,
    /** `reportingInstance`, e.g. `<controller>-<hostname>`. */
    private readonly instance: string,
    private readonly logger: Logger,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Records `event` about `subject` in the subject's namespace (`default` for cluster-scoped ones). */
  async record(subject: EventSubject, event: EventInput): Promise<void> {
    const meta = subject.metadata ?? {};
    const namespace = meta.namespace || 'default';
    const body = {
      apiVersion: 'events.k8s.io/v1',
      kind: 'Event',
      metadata: { name: `${meta.name ?? 'object'}.${randomBytes(8).toString('hex')}`, namespace },
      eventTime: this.now().toISOString().replace('Z', '000Z'),
      reportingController: this.controller,
      reportingInstance: this.instance,
      action: event.action,
      reason: event.reason,
      note: event.note.length > MAX_NOTE ? `${event.note.slice(0, MAX_NOTE - 4)} ...` : event.note,
      type: event.type,
      regarding: {
        apiVersion: subject.apiVersion,
        kind: subject.kind,
        name: meta.name,
        namespace: meta.namespace,
        uid: meta.uid,
        resourceVersion: meta.resourceVersion,
      },
    };
    try {
      await this.client.create(ManagerResources.Event, body, { namespace });
    } catch (error) {
      this.logger.warn('Could not record an event', { reason: event.reason, error });
    }
  }
}

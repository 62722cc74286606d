// SPDX-License-Identifier: Apache-2.0
// The request body: decoded as upstream's Go types decode it, then checked against the CRD's schema.
import { API_VERSION, formatFieldErrors, Kinds } from '@kubetrain/api/core';

/** One metric as the trainer reported it (upstream's `Metric`). */
export interface ReportedMetric {
  readonly name: string;
  readonly value: string;
}

/** The trainer's status as decoded (upstream's `TrainerStatus`); `lastUpdatedTime` is RFC 3339 seconds, UTC, or null. */
export interface ReportedTrainerStatus {
  readonly progressPercentage?: number;
  readonly estimatedRemainingSeconds?: number;
  readonly metrics?: readonly ReportedMetric[];
  readonly lastUpdatedTime: string | null;
}

/** Upstream's `UpdateTrainJobStatusRequest`. */
export interface UpdateTrainJobStatusRequest {
  readonly trainerStatus?: ReportedTrainerStatus;
}

/** Why a body does not decode (upstream answers every one with 422 "Invalid payload"). */
export class PayloadDecodeError extends Error {
  override readonly name = 'PayloadDecodeError';
}

const INT32 = /^-?(0|[1-9][0-9]*)$/;
const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

/**
 * Decodes a request body as Go's `json.Decoder` decodes into `UpdateTrainJobStatusRequest`: field
 * names matched case-insensitively, unknown fields ignored, `null` leaving a field unset, int32
 * fields only from integer literals in range, strings only from strings, `lastUpdatedTime` as
 * metav1.Time (RFC 3339, re-encoded in UTC to the second). NaN and Infinity are not JSON, so they
 * never decode. Throws {@link PayloadDecodeError}.
 */
export function decodeUpdateRequest(bytes: Uint8Array): UpdateTrainJobStatusRequest {
  const text = new TextDecoder('utf-8').decode(bytes);
  let parsed: unknown;
  try {
    // The reviver sees each number's source text, so 50.0 and 1e2 are told from 50.
    parsed = JSON.parse(text, (_key, value: unknown, context?: { source?: string }) =>
      typeof value === 'number' ? new NumberLiteral(context?.source ?? String(value)) : value,
    );
  } catch (cause) {
    throw new PayloadDecodeError('body is not JSON', { cause });
  }
  if (parsed === null) return {};
  const root = asObject(parsed, 'UpdateTrainJobStatusRequest');
  const status = field(root, 'trainerStatus');
  if (status === undefined || status === null) return {};
  return { trainerStatus: decodeTrainerStatus(asObject(status, 'TrainerStatus')) };
}

class NumberLiteral {
  constructor(readonly source: string) {}
}

function decodeTrainerStatus(object: Record<string, unknown>): ReportedTrainerStatus {
  const progress = optionalInt32(field(object, 'progressPercentage'), 'progressPercentage');
  const remaining = optionalInt32(field(object, 'estimatedRemainingSeconds'), 'estimatedRemainingSeconds');
  const rawMetrics = field(object, 'metrics');
  let metrics: ReportedMetric[] | undefined;
  if (rawMetrics !== undefined && rawMetrics !== null) {
    if (!Array.isArray(rawMetrics)) throw new PayloadDecodeError('metrics is not an array');
    metrics = rawMetrics.map((m: unknown) => {
      if (m === null) return { name: '', value: '' };
      const metric = asObject(m, 'Metric');
      return {
        name: optionalString(field(metric, 'name'), 'name'),
        value: optionalString(field(metric, 'value'), 'value'),
      };
    });
  }
  const time = field(object, 'lastUpdatedTime');
  return {
    ...(progress === undefined ? {} : { progressPercentage: progress }),
    ...(remaining === undefined ? {} : { estimatedRemainingSeconds: remaining }),
    ...(metrics === undefined || metrics.length === 0 ? {} : { metrics }),
    lastUpdatedTime: time === undefined || time === null ? null : decodeTime(time),
  };
}

/** Go matches a JSON key to a field case-insensitively; of several keys that match, the last wins. */
function field(object: Record<string, unknown>, name: string): unknown {
  let found: unknown;
  for (const [key, value] of Object.entries(object))
    if (key.toLowerCase() === name.toLowerCase()) found = value;
  return found;
}

function asObject(value: unknown, type: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || value instanceof NumberLiteral)
    throw new PayloadDecodeError(`cannot decode into ${type}`);
  return value as Record<string, unknown>;
}

function optionalInt32(value: unknown, name: string): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (!(value instanceof NumberLiteral) || !INT32.test(value.source))
    throw new PayloadDecodeError(`${name} is not an int32`);
  const n = Number(value.source);
  if (n < -(2 ** 31) || n > 2 ** 31 - 1) throw new PayloadDecodeError(`${name} is out of the int32 range`);
  return n;
}

function optionalString(value: unknown, name: string): string {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw new PayloadDecodeError(`${name} is not a string`);
  return value;
}

/** metav1.Time: RFC 3339 in, `YYYY-MM-DDTHH:MM:SSZ` out (fractions dropped, as Go's RFC 3339 format). */
function decodeTime(value: unknown): string {
  if (typeof value !== 'string') throw new PayloadDecodeError('lastUpdatedTime is not a string');
  const m = RFC3339.exec(value);
  const millis = m ? Date.parse(value.toUpperCase()) : Number.NaN;
  if (
    !m ||
    Number.isNaN(millis) ||
    Number(m[2]) > 12 ||
    Number(m[4]) > 23 ||
    Number(m[5]) > 59 ||
    Number(m[6]) > 59
  )
    throw new PayloadDecodeError('lastUpdatedTime is not RFC 3339');
  return new Date(Math.floor(millis / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

/**
 * The request re-encoded as upstream's handler echoes it (Go field order; an absent trainerStatus
 * gives `{}`), without the trailing newline {@link encodeGoJson} adds.
 */
export function echoOf(request: UpdateTrainJobStatusRequest): unknown {
  const s = request.trainerStatus;
  if (s === undefined) return {};
  return {
    trainerStatus: {
      ...(s.progressPercentage === undefined ? {} : { progressPercentage: s.progressPercentage }),
      ...(s.estimatedRemainingSeconds === undefined
        ? {}
        : { estimatedRemainingSeconds: s.estimatedRemainingSeconds }),
      ...(s.metrics === undefined
        ? {}
        : {
            metrics: s.metrics.map((m) => ({
              ...(m.name === '' ? {} : { name: m.name }),
              ...(m.value === '' ? {} : { value: m.value }),
            })),
          }),
      lastUpdatedTime: s.lastUpdatedTime,
    },
  };
}

/**
 * Checks a trainer status against the TrainJob CRD's schema and rules, as the API server would on the
 * write; resolves to undefined when it is valid, else the API server's message
 * (`TrainJob.trainer.kubeflow.org "<name>" is invalid: <errors>`), which upstream relays with 422.
 */
export async function checkTrainerStatus(
  namespace: string,
  name: string,
  status: ReportedTrainerStatus,
): Promise<string | undefined> {
  // The validator (schemas, ajv, CEL) loads on the first report, so a manager with the gate off never loads it.
  const { validateSchema } = await import('@kubetrain/api');
  const object = {
    apiVersion: API_VERSION,
    kind: Kinds.TrainJob,
    metadata: { name, namespace },
    spec: { runtimeRef: { name: 'status-server-check' } },
    status: { trainerStatus: storedTrainerStatus(status) },
  };
  const { errors } = validateSchema(Kinds.TrainJob, object);
  const statusErrors = errors.filter((e) => e.path === 'status' || e.path.startsWith('status.'));
  if (statusErrors.length === 0) return undefined;
  return `${Kinds.TrainJob}.trainer.kubeflow.org "${name}" is invalid: ${formatFieldErrors(statusErrors)}`;
}

/** The trainerStatus as stored (what the write sends): absent fields absent, a null time absent. */
export function storedTrainerStatus(status: ReportedTrainerStatus): Record<string, unknown> {
  const echoed = (echoOf({ trainerStatus: status }) as { trainerStatus: Record<string, unknown> })
    .trainerStatus;
  const { lastUpdatedTime, ...rest } = echoed;
  return lastUpdatedTime === null ? rest : { ...rest, lastUpdatedTime };
}

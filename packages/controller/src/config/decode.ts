// SPDX-License-Identifier: Apache-2.0
// Strict decoding of the Configuration file: YAML (or JSON) in, every field type-checked, unknown
// fields rejected as upstream's strict decoder rejects them, upstream's defaults applied.

import { parse } from 'yaml';
import {
  CONFIG_API_VERSION,
  CONFIG_KIND,
  defaultConfiguration,
  defaultLeaderElection,
  type Configuration,
} from './configuration.js';
import { DurationError, parseGoDuration } from './go-duration.js';

/** The Configuration file cannot be decoded (syntax, unknown field, wrong type or apiVersion/kind). */
export class ConfigDecodeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigDecodeError';
  }
}

type FieldType =
  | 'string'
  | 'bool'
  | 'int'
  | 'number'
  | 'duration'
  | 'stringList'
  | 'boolMap'
  | 'intMap'
  | { readonly [field: string]: FieldType };

const SCHEMA: { readonly [field: string]: FieldType } = {
  apiVersion: 'string',
  kind: 'string',
  webhook: { port: 'int', host: 'string' },
  leaderElection: {
    leaderElect: 'bool',
    leaseDuration: 'duration',
    renewDeadline: 'duration',
    retryPeriod: 'duration',
    resourceLock: 'string',
    resourceName: 'string',
    resourceNamespace: 'string',
  },
  metrics: { bindAddress: 'string', secureServing: 'bool', auth: { enabled: 'bool' } },
  health: {
    healthProbeBindAddress: 'string',
    readinessEndpointName: 'string',
    livenessEndpointName: 'string',
  },
  controller: { groupKindConcurrency: 'intMap' },
  certManagement: { enable: 'bool', webhookServiceName: 'string', webhookSecretName: 'string' },
  clientConnection: { qps: 'number', burst: 'int' },
  statusServer: { port: 'int', qps: 'number', burst: 'int' },
  featureGates: 'boolMap',
  tls: { minVersion: 'string', cipherSuites: 'stringList', nextProtos: 'stringList' },
};

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function typeError(path: string, want: string, value: unknown): ConfigDecodeError {
  const got = Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value;
  return new ConfigDecodeError(`${path}: cannot decode ${got} into ${want}`);
}

function checkValue(path: string, type: FieldType, value: unknown): void {
  if (typeof type === 'object') {
    if (!isPlainObject(value)) throw typeError(path, 'object', value);
    checkObject(path, type, value);
    return;
  }
  switch (type) {
    case 'string':
      if (typeof value !== 'string') throw typeError(path, 'string', value);
      return;
    case 'bool':
      if (typeof value !== 'boolean') throw typeError(path, 'bool', value);
      return;
    case 'int':
      if (!Number.isInteger(value)) throw typeError(path, 'integer', value);
      return;
    case 'number':
      if (typeof value !== 'number') throw typeError(path, 'number', value);
      return;
    case 'duration':
      if (typeof value !== 'string') throw typeError(path, 'duration', value);
      try {
        parseGoDuration(value);
      } catch (e) {
        if (e instanceof DurationError) throw new ConfigDecodeError(`${path}: ${e.message}`);
        throw e;
      }
      return;
    case 'stringList':
      if (!Array.isArray(value)) throw typeError(path, 'list of strings', value);
      value.forEach((v, i) => checkValue(`${path}[${i}]`, 'string', v));
      return;
    case 'boolMap':
    case 'intMap':
      if (!isPlainObject(value)) throw typeError(path, 'map', value);
      for (const [k, v] of Object.entries(value))
        checkValue(`${path}[${k}]`, type === 'boolMap' ? 'bool' : 'int', v);
      return;
  }
}

function checkObject(
  path: string,
  schema: { readonly [field: string]: FieldType },
  value: Record<string, unknown>,
): void {
  for (const [key, v] of Object.entries(value)) {
    const fieldPath = path === '' ? key : `${path}.${key}`;
    const type = schema[key];
    if (type === undefined)
      throw new ConfigDecodeError(`strict decoding error: unknown field "${fieldPath}"`);
    if (v === null) continue; // YAML `key:` with no value: the Go zero value, then defaulted
    checkValue(fieldPath, type, v);
  }
}

function section<T extends object>(defaults: T, given: unknown): T {
  if (!isPlainObject(given)) return defaults;
  const out = { ...defaults } as Record<string, unknown>;
  for (const [k, v] of Object.entries(given)) if (v !== null) out[k] = v;
  return out as T;
}

/**
 * Decodes a Configuration file's text strictly and applies upstream's defaults. An empty file
 * gives the defaults. Throws {@link ConfigDecodeError} on a YAML error, an unknown field, a value of
 * the wrong type, or an apiVersion/kind other than `config.trainer.kubeflow.org/v1alpha1`
 * `Configuration`. The result is not yet validated (see `validateConfiguration`).
 */
export function decodeConfiguration(text: string): Configuration {
  let raw: unknown;
  try {
    raw = parse(text, { uniqueKeys: true });
  } catch (e) {
    throw new ConfigDecodeError(
      `cannot parse the configuration: ${e instanceof Error ? e.message : String(e)}`,
    );
  }
  if (raw === null || raw === undefined) raw = {};
  if (!isPlainObject(raw)) throw typeError('configuration', 'object', raw);
  checkObject('', SCHEMA, raw);
  const apiVersion = raw['apiVersion'] ?? CONFIG_API_VERSION;
  const kind = raw['kind'] ?? CONFIG_KIND;
  if (apiVersion !== CONFIG_API_VERSION || kind !== CONFIG_KIND) {
    throw new ConfigDecodeError(
      `no kind "${String(kind)}" is registered for version "${String(apiVersion)}": want ${CONFIG_API_VERSION}, Kind=${CONFIG_KIND}`,
    );
  }
  const d = defaultConfiguration();
  const config: Configuration = {
    apiVersion: CONFIG_API_VERSION,
    kind: CONFIG_KIND,
    webhook: section(d.webhook, raw['webhook']),
    metrics: section(d.metrics, raw['metrics']),
    health: section(d.health, raw['health']),
    controller: section(d.controller, raw['controller']),
    certManagement: section(d.certManagement, raw['certManagement']),
    clientConnection: section(d.clientConnection, raw['clientConnection']),
    statusServer: section(d.statusServer, raw['statusServer']),
    featureGates: section(d.featureGates, raw['featureGates']),
    tls: section(d.tls, raw['tls']),
  };
  // Upstream defaults empty names, as the chart ships them (`webhookServiceName: ""`).
  if (config.certManagement.webhookServiceName === '') {
    config.certManagement.webhookServiceName = d.certManagement.webhookServiceName;
  }
  if (config.certManagement.webhookSecretName === '') {
    config.certManagement.webhookSecretName = d.certManagement.webhookSecretName;
  }
  if (isPlainObject(raw['leaderElection'])) {
    config.leaderElection = section(defaultLeaderElection(), raw['leaderElection']);
  }
  return config;
}

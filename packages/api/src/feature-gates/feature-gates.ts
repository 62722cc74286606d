// SPDX-License-Identifier: Apache-2.0
// The feature gates, as upstream's `pkg/features` declares them, and how `--feature-gates` text is
// read (Go's strconv.ParseBool, as component-base): the manager (its Configuration's `featureGates`,
// then the flag, which wins) and `kubetrain render --feature-gates` both use these.

/**
 * The known gates with their defaults. Upstream has exactly one, `TrainJobStatus` (Alpha);
 * `LeaderWorkerSetBackend` (Alpha) is kubetrain's own: runtimes annotated
 * `kubetrain.dev/workload: LeaderWorkerSet` render a LeaderWorkerSet, and the manager watches
 * LeaderWorkerSets, their pods and the initializer Jobs (it needs the LeaderWorkerSet CRDs).
 */
export const FEATURE_GATE_DEFAULTS = {
  TrainJobStatus: false,
  LeaderWorkerSetBackend: false,
} as const;

/** The name of a known gate. */
type FeatureGateName = keyof typeof FEATURE_GATE_DEFAULTS;

/** The known gates' names, for code that tests one (`gates[FeatureGateNames.TrainJobStatus]`). */
export const FeatureGateNames: { readonly [K in FeatureGateName]: K } = {
  TrainJobStatus: 'TrainJobStatus',
  LeaderWorkerSetBackend: 'LeaderWorkerSetBackend',
};

/** Every gate's effective value. */
export type FeatureGates = Readonly<Record<FeatureGateName, boolean>>;

/** A gate setting that cannot be used; messages follow component-base's. */
export class FeatureGateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FeatureGateError';
  }
}

function isKnown(name: string): name is FeatureGateName {
  return Object.hasOwn(FEATURE_GATE_DEFAULTS, name);
}

/**
 * Parses `--feature-gates` text (`A=true,B=false`; spaces around items ignored) into a map.
 * Throws {@link FeatureGateError} for a missing `=` or a value that is not a Go boolean.
 */
export function parseFeatureGateFlag(text: string): Record<string, boolean> {
  const out: Record<string, boolean> = {};
  for (const item of text.split(',')) {
    const trimmed = item.trim();
    if (trimmed === '') continue;
    const eq = trimmed.indexOf('=');
    if (eq < 0) throw new FeatureGateError(`missing bool value for ${trimmed}`);
    const key = trimmed.slice(0, eq).trim();
    const value = trimmed.slice(eq + 1).trim();
    const parsed = parseGoBool(value);
    if (parsed === undefined) {
      throw new FeatureGateError(
        `invalid value of ${key}=${value}, err: strconv.ParseBool: parsing ${JSON.stringify(value)}: invalid syntax`,
      );
    }
    out[key] = parsed;
  }
  return out;
}

/** Go's `strconv.ParseBool`: 1, t, T, TRUE, true, True or 0, f, F, FALSE, false, False; else undefined. */
function parseGoBool(text: string): boolean | undefined {
  if (['1', 't', 'T', 'true', 'TRUE', 'True'].includes(text)) return true;
  if (['0', 'f', 'F', 'false', 'FALSE', 'False'].includes(text)) return false;
  return undefined;
}

/**
 * The effective gates: the defaults, overridden by each map in order (the file's `featureGates`,
 * then the flag's). Throws {@link FeatureGateError} `unrecognized feature gate: <name>` for an
 * unknown name. The result is frozen.
 */
export function resolveFeatureGates(
  ...layers: ReadonlyArray<Readonly<Record<string, boolean>>>
): FeatureGates {
  const gates: Record<FeatureGateName, boolean> = { ...FEATURE_GATE_DEFAULTS };
  for (const layer of layers) {
    for (const [name, value] of Object.entries(layer)) {
      if (!isKnown(name)) throw new FeatureGateError(`unrecognized feature gate: ${name}`);
      gates[name] = value;
    }
  }
  return Object.freeze(gates);
}

// SPDX-License-Identifier: Apache-2.0
// Typed errors of the engine. Messages that users see are upstream's, byte for byte.

import { EngineMessages, unsupportedRuntimeMessage } from '@kubetrain/api/core';

/** Base class: every error the engine throws on purpose is an EngineError. */
export class EngineError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** The runtimeRef names a kind/group the engine does not serve (`unsupported runtime: <Kind.group>`). */
export class UnsupportedRuntimeError extends EngineError {
  constructor(readonly groupKind: string) {
    super(unsupportedRuntimeMessage(groupKind));
  }
}

/** The referenced runtime could not be found by the lookup. */
export class RuntimeNotFoundError extends EngineError {}

/** The runtime or the TrainJob cannot be rendered (a plugin's precondition failed). */
export class RenderError extends EngineError {}

/** More than one registered plugin implements the status point. */
export class TooManyStatusPluginsError extends EngineError {
  constructor() {
    super(EngineMessages.TooManyStatusPlugins);
  }
}

/** A plugin built an object of a kind it does not declare as owned (a plugin bug). */
export class UndeclaredKindError extends EngineError {
  constructor(
    readonly plugin: string,
    readonly groupKind: string,
  ) {
    super(`plugin ${plugin} built a ${groupKind} but does not declare that kind as owned`);
  }
}

/** The extension points a plugin implements (see `./plugin.ts`). */
export type ExtensionPoint =
  | 'enforceMLPolicy'
  | 'enforcePodGroupPolicy'
  | 'enforcePodSpec'
  | 'preBuildSync'
  | 'build'
  | 'status'
  | 'validate';

/** The TrainJob a plugin failed on. */
export interface TrainJobRef {
  readonly namespace: string;
  readonly name: string;
}

/**
 * A plugin threw while running one of its extension points. The message is the original error's,
 * unchanged (it is what users see, upstream's wording); the original is `cause`.
 */
export class PluginError extends EngineError {
  constructor(
    /** The plugin's name (`Torch`, `MPI`, ...). */
    readonly plugin: string,
    /** The extension point it was running. */
    readonly point: ExtensionPoint,
    /** The TrainJob it was running on. */
    readonly trainJob: TrainJobRef,
    cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
  }
}

/** True if `e` is an EngineError (of any subclass). */
export function isEngineError(e: unknown): e is EngineError {
  return e instanceof EngineError;
}

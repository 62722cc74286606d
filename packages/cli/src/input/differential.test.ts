// SPDX-License-Identifier: Apache-2.0
// Differential check of the CLI's input reading against the real kubectl v1.36 (built by
// hack/cluster): every file of hack/yaml-diff/corpus.ts is read by `kubectl label --local -f FILE
// -o json` (no cluster contact) and by decodeText + parseObjects, and both must give the same
// verdict (objects, or a refusal) and the same objects. Run by `make yaml-diff` (part of
// `make test`), not by `make unit`: it needs the kubectl binary ($KUBECTL).
//
// Comparison: objects are compared as JSON with sorted keys (kubectl prints keys sorted), integers
// exactly (bigint beyond 2^53). A file from which kubectl reads no object is a refusal for it ("no
// objects passed to label"); so it is for us when parseObjects returns no object. The differences
// the README lists are the `knownDifferences` below, each with the verdict we give.
import { stringifyJson } from '@kubetrain/api/core';
import { yamlCorpus } from '../../../../hack/yaml-diff/corpus.js';
import type { YamlCase } from '../../../../hack/yaml-diff/corpus.js';
import { kubectlBinary, kubectlRead } from '../../../../hack/yaml-diff/kubectl-read.js';
import type { KubectlVerdict } from '../../../../hack/yaml-diff/kubectl-read.js';
import { decodeText } from './decode-text.js';
import { MAX_ALIAS_COUNT, parseObjects } from './parse-yaml.js';

const SEED = 20261204;
const GENERATED = 120;
const LIMITS = { maxBytes: 64 << 20, maxDepth: 100_000, maxAliasCount: MAX_ALIAS_COUNT };

/** A value as JSON with its keys sorted, integers exact. */
function canonical(value: unknown): string {
  const sort = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sort);
    if (typeof v === 'object' && v !== null)
      return Object.fromEntries(
        Object.keys(v)
          .sort()
          .map((k) => [k, sort((v as Record<string, unknown>)[k])]),
      );
    return v;
  };
  return stringifyJson(sort(value));
}

/** What kubetrain reads from a file, in the terms of KubectlVerdict. */
function kubetrainRead(bytes: Buffer): KubectlVerdict {
  try {
    const objects = parseObjects({ source: 'case', text: decodeText(bytes) }, LIMITS).map((o) => o.object);
    if (objects.length === 0) return { accepted: false, error: 'no objects' };
    return { accepted: true, objects };
  } catch (e) {
    return { accepted: false, error: e instanceof Error ? e.message : String(e) };
  }
}

/** The verdict as one comparable string: `refused`, or the objects. */
function summary(verdict: KubectlVerdict): string {
  return verdict.accepted ? canonical(verdict.objects) : 'refused';
}

const corpus: YamlCase[] = yamlCorpus(SEED, GENERATED);
let kubectl: KubectlVerdict[] = [];

beforeAll(async () => {
  kubectl = await kubectlRead(
    kubectlBinary(),
    corpus.map((c) => c.bytes),
  );
}, 300_000);

describe('input reading against kubectl v1.36', () => {
  it('has at least 200 documents', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(200);
  });

  it.each(corpus.map((c, i) => [c.name, i] as const))('%s', (_name, i) => {
    const theirs = kubectl[i] as KubectlVerdict;
    const ours = kubetrainRead((corpus[i] as YamlCase).bytes);
    const detail = (v: KubectlVerdict) => (v.accepted ? summary(v) : `refused: ${v.error}`);
    expect({ verdict: summary(ours), detail: detail(ours) }).toEqual(
      expect.objectContaining({ verdict: summary(theirs) }),
    );
    // On a mismatch the message shows both details.
    if (summary(ours) !== summary(theirs)) throw new Error(`kubectl: ${detail(theirs)}\nkubetrain: ${detail(ours)}`);
  });
});

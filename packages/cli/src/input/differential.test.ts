// SPDX-License-Identifier: Apache-2.0
// Differential check of the CLI's input reading against the real kubectl v1.36 (built by
// hack/cluster): every file of hack/yaml-diff/corpus.ts is read by `kubectl label --local -f FILE
// -o json` (no cluster contact) and by decodeText + readObjects, and both must give the same
// verdict (objects, or a refusal) and the same objects. Run by `make yaml-diff` (part of
// `make test`), not by `make unit`: it needs the kubectl binary ($KUBECTL).
//
// Comparison: objects are compared as JSON with sorted keys (kubectl prints keys sorted), integers
// exactly (bigint beyond 2^53). A file from which kubectl reads no object is a refusal for it ("no
// objects passed to label"); so it is for us when readObjects returns no object. The differences
// the README lists are the `knownDifferences` below, each with the verdict we give.
import { yamlCorpus } from '../../../../hack/yaml-diff/corpus.js';
import type { YamlCase } from '../../../../hack/yaml-diff/corpus.js';
import { kubectlBinary, kubectlRead } from '../../../../hack/yaml-diff/kubectl-read.js';
import type { KubectlVerdict } from '../../../../hack/yaml-diff/kubectl-read.js';
import { decodeText } from './decode-text.js';
import { MAX_ALIAS_COUNT, readObjects } from './parse-yaml.js';

const SEED = 20261204;
const GENERATED = 120;
const LIMITS = { maxBytes: 64 << 20, maxDepth: 100_000, maxAliasCount: MAX_ALIAS_COUNT };

/** Text already serialized, on the serializer's stack. */
class Token {
  constructor(readonly text: string) {}
}

/** A value as JSON with its keys sorted, integers exact (bigints by their digits); iterative, for deep documents. */
function canonical(value: unknown): string {
  const out: string[] = [];
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (v instanceof Token) out.push(v.text);
    else if (typeof v === 'bigint') out.push(v.toString());
    else if (Array.isArray(v)) {
      stack.push(new Token(']'));
      for (let i = v.length - 1; i >= 0; i--) stack.push(v[i], ...(i > 0 ? [new Token(',')] : []));
      stack.push(new Token('['));
    } else if (typeof v === 'object' && v !== null) {
      const keys = Object.keys(v).sort();
      stack.push(new Token('}'));
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i] as string;
        stack.push(
          (v as Record<string, unknown>)[key],
          new Token(`${i > 0 ? ',' : ''}${JSON.stringify(key)}:`),
        );
      }
      stack.push(new Token('{'));
    } else out.push(JSON.stringify(v));
  }
  return out.join('');
}

/** What kubetrain reads from a file, in the terms of KubectlVerdict. */
async function kubetrainRead(bytes: Buffer): Promise<KubectlVerdict> {
  try {
    const objects = (await readObjects({ source: 'case', text: decodeText(bytes) }, LIMITS)).map(
      (o) => o.object,
    );
    if (objects.length === 0) return { accepted: false, error: 'no objects' };
    return { accepted: true, objects };
  } catch (e) {
    return { accepted: false, error: e instanceof Error ? e.message : String(e) };
  }
}

/** The verdict as one comparable string: `refused` (no object is a refusal too), or the objects. */
function summary(verdict: KubectlVerdict): string {
  return verdict.accepted && verdict.objects.length > 0 ? canonical(verdict.objects) : 'refused';
}

/**
 * The classes where kubetrain still reads differently from kubectl: the case, and what kubetrain
 * gives instead (a pattern of its verdict). A case that agrees with kubectl passes.
 */
const knownDifferences: Readonly<Record<string, RegExp>> = {
  // A raw NEL or lone CR inside a quoted scalar is a line break that go-yaml folds ("a b"); the
  // yaml package then wants the continuation line indented.
  'raw NEL in double quotes': /Missing closing "quote/,
  'raw NEL in single quotes': /Missing closing 'quote/,
  'raw CR in double quotes': /Missing closing "quote/,
  'raw CR in single quotes': /Missing closing 'quote/,
  // go-yaml ends a plain scalar at U+2028 (then refuses the next line); the yaml package keeps it.
  'raw LS plain': /"v":"a\u2028b"/,
};

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

  it.each(corpus.map((c, i) => [c.name, i] as const))('%s', async (name, i) => {
    const theirs = kubectl[i] as KubectlVerdict;
    const ours = await kubetrainRead((corpus[i] as YamlCase).bytes);
    const detail = (v: KubectlVerdict) => (v.accepted ? summary(v) : `refused: ${v.error}`);
    if (summary(ours) === summary(theirs)) return;
    const known = knownDifferences[name];
    // On a mismatch the message shows both details.
    if (known === undefined) throw new Error(`kubectl: ${detail(theirs)}\nkubetrain: ${detail(ours)}`);
    expect(detail(ours)).toMatch(known);
  });
});

// SPDX-License-Identifier: Apache-2.0
// The YAML 1.1 tags as Kubernetes reads YAML (sigs.k8s.io/yaml, go-yaml v2, into untyped data, as
// kubectl reads manifests): `yes`/`no`/`on`/`off`/`y`/`n` are booleans, `0777` octal, `0x1F` hex,
// `1_000` a thousand; unlike the YAML 1.1 spec, timestamps and sexagesimal numbers (`1:20`) stay
// strings, and a number too large for a float64 (`1e400`) is a string too, as go-yaml leaves it.

import type { ScalarTag, Tags } from 'yaml';

const TIMESTAMP = 'tag:yaml.org,2002:timestamp';
const FLOAT = 'tag:yaml.org,2002:float';

/** A float tag whose overflowing values resolve to their text, as go-yaml resolves them. */
function withOverflowAsString(tag: ScalarTag): ScalarTag {
  const resolve = tag.resolve.bind(tag);
  return {
    ...tag,
    resolve: (text, onError, options) => {
      const value = resolve(text, onError, options);
      const overflow = typeof value === 'number' && !Number.isFinite(value) && !/inf|nan/i.test(text);
      return overflow ? text : value;
    },
  };
}

/** The `customTags` option of the `yaml` package that turns its YAML 1.1 schema into go-yaml v2's. */
export function kubernetesYamlTags(tags: Tags): Tags {
  return tags
    .filter((t) => !(typeof t === 'object' && (t.tag === TIMESTAMP || t.format === 'TIME')))
    .map((t) =>
      typeof t === 'object' && t.tag === FLOAT && 'resolve' in t && !('collection' in t && t.collection)
        ? withOverflowAsString(t as ScalarTag)
        : t,
    );
}

// SPDX-License-Identifier: Apache-2.0
// A label map as a label query (metav1.FormatLabelSelector: keys sorted, `k=v` joined by commas).

/** `a=1,b=2` for `{ b: '2', a: '1' }`. */
export function selectorText(labels: Readonly<Record<string, string>>): string {
  return Object.keys(labels)
    .sort()
    .map((k) => `${k}=${labels[k]}`)
    .join(',');
}

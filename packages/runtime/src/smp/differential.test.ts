// SPDX-License-Identifier: Apache-2.0
// Differential check of strategicMergePatch against k8s.io/apimachinery v0.36.3's StrategicMergePatch with the
// real Go structs (sigs.k8s.io/jobset v0.12.0 JobSetSpec, k8s.io/api v0.36.3 PodTemplateSpec), run through
// hack/smp-diff (a Go program built from the Go module proxy into $KUBETRAIN_CACHE_DIR on first use).
// Run by `make smp-diff` (part of `make test`), not by `make unit`: a cold Go build takes a minute or more.
//
// Cases: every table case of testdata/cases.ts except those with an `upstream` note (the documented
// departures: `$patch: merge` on an object, and a patch that adds and deletes the same scalar, whose upstream
// result is random), and seeded generated patches over JobSetSpecs and PodTemplateSpecs
// (hack/smp-diff/patches.ts, which never generates a documented departure).
//
// Comparison: both results go through upstream's typed round trip (decoded into the Go struct and encoded
// again, by the Go program), then must be deep-equal; key order is a documented departure and is ignored,
// list order is not. Our raw result must also hold no `null` member and no directive key, which the round
// trip would hide. Errors: when upstream rejects the patch we must throw, with upstream's text where it is
// one of the fixed mergepatch messages (our other messages carry a field path; see the README); when
// upstream's result does not decode into the Go struct, ours must not decode either.
import { isDeepStrictEqual } from 'node:util';
import { generateCases } from '../../../../hack/smp-diff/cases.js';
import type { DiffCase } from '../../../../hack/smp-diff/cases.js';
import { runUpstream, smpDiffBinary } from '../../../../hack/smp-diff/upstream.js';
import type { UpstreamResponse } from '../../../../hack/smp-diff/upstream.js';
import {
  jobSetSpecPatchSchema,
  podTemplateSpecPatchSchema,
  SmpMessages,
  strategicMergePatch,
  StrategicMergePatchError,
} from './index.js';
import type { PatchSchema } from './index.js';
import { caseSchema, cases } from './testdata/cases.js';

const SEED = 20261201;
const GENERATED = 4400;
/** The prefix the Go program puts on errors of the typed round trip (as opposed to the patch itself). */
const ROUND_TRIP = 'typed round trip: ';

const schemas: Record<DiffCase['schema'], PatchSchema> = {
  JobSetSpec: jobSetSpecPatchSchema,
  PodTemplateSpec: podTemplateSpecPatchSchema,
  SmpCase: caseSchema,
};

/** The table cases upstream agrees with (an `upstream` note marks a documented departure). */
function tableCases(): DiffCase[] {
  return Object.entries(cases)
    .filter(([, c]) => c.upstream === undefined)
    .map(([name, c]) => ({ name, schema: 'SmpCase', original: c.original, patch: c.patch }));
}

type Ours = { result: unknown } | { error: string };

function applyOurs(c: DiffCase): Ours {
  try {
    return { result: strategicMergePatch(c.original, c.patch, schemas[c.schema]) };
  } catch (error) {
    if (error instanceof StrategicMergePatchError) return { error: error.message };
    throw error;
  }
}

/**
 * Whether upstream's error is one we raise too for one top-level member of the patch alone. A
 * patch with errors under two members (say `metadata` and `spec`) fails on whichever member
 * apimachinery visits first, and it visits a Go map's members in random order; we visit them in
 * order. Both then found the same errors, and only which one is reported differs.
 */
function sameErrorsOtherOrder(c: DiffCase, upError: string): boolean {
  const patch = c.patch as Record<string, unknown>;
  const members = Object.keys(patch).filter((k) => !k.startsWith('$'));
  if (members.length < 2) return false;
  const fixed = Object.values(SmpMessages).find((m) => upError.includes(m));
  if (fixed === undefined) return false;
  return members.some((k) => {
    const alone = applyOurs({ ...c, patch: { [k]: patch[k] } });
    return 'error' in alone && alone.error.includes(fixed);
  });
}

/** Paths of `null` members and directive (`$`) keys in a value: upstream's typed round trip leaves none. */
function leftovers(value: unknown, path: string, out: string[]): string[] {
  if (value === null) out.push(path || '.');
  else if (Array.isArray(value)) value.forEach((v, i) => leftovers(v, `${path}[${i}]`, out));
  else if (typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k.startsWith('$')) out.push(`${path}.${k}`);
      leftovers(v, `${path}.${k}`, out);
    }
  }
  return out;
}

/** The `map[string]T` fields of the generated shapes (ObjectMeta, PodSpec, ResourceRequirements). */
const MAP_FIELDS = new Set(['labels', 'annotations', 'nodeSelector', 'limits', 'requests']);

/**
 * A departure this test found (smp/README.md): where upstream copies a value from the patch as it is (a new
 * element or key), the maps in it keep their `null` members as the zero value ("" or a "0" quantity) and their
 * directive keys as plain keys, which only structs drop in the typed round trip; we drop both. Removes those
 * members from the maps of a typed result, and says whether there were any. Our results never hold them (see
 * {@link leftovers}), and the generated values are never "" or "0", so the removal hides nothing else.
 */
function dropMapLeftovers(value: unknown, inMap = false): boolean {
  if (Array.isArray(value)) return value.map((v) => dropMapLeftovers(v)).some(Boolean);
  if (value === null || typeof value !== 'object') return false;
  const obj = value as Record<string, unknown>;
  let dropped = false;
  for (const [k, v] of Object.entries(obj)) {
    if (inMap && (k.startsWith('$') || v === '' || v === '0')) {
      delete obj[k];
      dropped = true;
    } else if (dropMapLeftovers(v, MAP_FIELDS.has(k))) {
      dropped = true;
      // A map left empty is omitted, as the round trip omits our empty map (`omitempty`).
      if (MAP_FIELDS.has(k) && Object.keys(v as object).length === 0) delete obj[k];
    }
  }
  return dropped;
}

type Outcome = 'merged' | 'mergedBesideMapLeftovers' | 'rejected';

/** How one case came out, or a description of how the two implementations differ. */
function compare(ours: Ours, up: UpstreamResponse): Outcome | { difference: string } {
  const upError = up.error;
  const patchError = upError !== undefined && !upError.startsWith(ROUND_TRIP);
  if ('error' in ours) {
    if (!patchError)
      return { difference: `we throw "${ours.error}", upstream does not: ${upError ?? 'merged'}` };
    const fixed = Object.values(SmpMessages).find((m) => upError.includes(m));
    if (fixed !== undefined && !ours.error.includes(fixed)) {
      return { difference: `upstream fails with "${upError}", we with "${ours.error}"` };
    }
    return 'rejected';
  }
  if (patchError) return { difference: `upstream fails with "${upError}", we merge` };
  const left = leftovers(ours.result, '', []);
  if (left.length > 0) return { difference: `our result keeps null or directive keys at ${left.join(', ')}` };
  if (upError !== undefined || up.oursError !== undefined) {
    if (upError !== undefined && up.oursError !== undefined) return 'rejected';
    return {
      difference: `only one result decodes: upstream ${upError ?? 'ok'}, ours ${up.oursError ?? 'ok'}`,
    };
  }
  const besideLeftovers = dropMapLeftovers(up.result);
  dropMapLeftovers(up.ours);
  if (isDeepStrictEqual(up.ours, up.result)) return besideLeftovers ? 'mergedBesideMapLeftovers' : 'merged';
  return { difference: `upstream ${JSON.stringify(up.result)}\n     ours ${JSON.stringify(up.ours)}` };
}

describe('strategicMergePatch against apimachinery (hack/smp-diff)', () => {
  let binary = '';
  beforeAll(() => {
    binary = smpDiffBinary();
  }, 600_000);

  it(`agrees on the table cases and ${GENERATED} generated patches`, () => {
    const all = [...tableCases(), ...generateCases(SEED, GENERATED)];
    const ours = all.map(applyOurs);
    const upstream = runUpstream(
      binary,
      all.map((c, i) => {
        const mine = ours[i]!;
        return {
          original: c.original,
          patch: c.patch,
          schema: c.schema,
          ...('result' in mine && { ours: mine.result }),
        };
      }),
    );
    const counts: Record<Outcome, number> = { merged: 0, mergedBesideMapLeftovers: 0, rejected: 0 };
    const differences: string[] = [];
    all.forEach((c, i) => {
      let outcome = compare(ours[i]!, upstream[i]!);
      const upError = upstream[i]!.error;
      if (typeof outcome !== 'string' && 'error' in ours[i]! && upError !== undefined) {
        if (sameErrorsOtherOrder(c, upError)) outcome = 'rejected';
      }
      if (typeof outcome === 'string') counts[outcome] += 1;
      else
        differences.push(
          `${c.name}: ${outcome.difference}\n  original ${JSON.stringify(c.original)}\n  patch ${JSON.stringify(c.patch)}`,
        );
    });
    console.log(
      `smp-diff: ${all.length} patches compared (${all.length - GENERATED} table, ${GENERATED} generated): ` +
        `${counts.merged} merged alike, ${counts.mergedBesideMapLeftovers} alike but for upstream's map leftovers, ` +
        `${counts.rejected} rejected by both, ${differences.length} differences`,
    );
    expect(differences.slice(0, 10)).toEqual([]);
    expect(differences.length).toBe(0);
    // The generator must exercise both outcomes, so that agreement is not vacuous.
    expect(counts.merged).toBeGreaterThan(GENERATED / 2);
    expect(counts.rejected).toBeGreaterThan(50);
  });
});

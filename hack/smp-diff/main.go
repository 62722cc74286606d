// SPDX-License-Identifier: Apache-2.0

// Command smp-diff applies strategic merge patches with k8s.io/apimachinery, for the differential test of
// kubetrain's TypeScript implementation (packages/runtime/src/smp/differential.test.ts).
//
// It reads one JSON request per line on stdin:
//
//	{"original": {...}, "patch": {...}, "schema": "JobSetSpec" | "PodTemplateSpec" | "SmpCase", "ours": {...}}
//
// and writes one JSON response per line on stdout:
//
//	{"result": {...}} or {"error": "..."}, plus {"ours": {...}} or {"oursError": "..."}
//
// `result` is strategicpatch.StrategicMergePatch(original, patch, <the Go struct of schema>) after the typed
// round trip upstream's callers do (decode into the struct, encode again). `ours`, when sent, is the
// TypeScript result put through the same round trip, so that both sides are compared in the same typed form
// (quantities, zero-value fields, unknown fields dropped).
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/strategicpatch"
	jobset "sigs.k8s.io/jobset/api/jobset/v1alpha2"
)

// smpCase is the schema of the table cases (packages/runtime/src/smp/testdata/cases.ts `caseSchema`):
// JobSetSpec with an ObjectMeta at `meta` and a PodSpec at `pod`.
type smpCase struct {
	jobset.JobSetSpec `json:",inline"`
	Meta              *metav1.ObjectMeta `json:"meta,omitempty"`
	Pod               *corev1.PodSpec    `json:"pod,omitempty"`
}

// newStruct returns a pointer to a zero value of the Go type a schema name stands for.
func newStruct(schema string) (any, error) {
	switch schema {
	case "JobSetSpec":
		return &jobset.JobSetSpec{}, nil
	case "PodTemplateSpec":
		return &corev1.PodTemplateSpec{}, nil
	case "SmpCase":
		return &smpCase{}, nil
	}
	return nil, fmt.Errorf("unknown schema %q", schema)
}

type request struct {
	Original json.RawMessage `json:"original"`
	Patch    json.RawMessage `json:"patch"`
	Schema   string          `json:"schema"`
	Ours     json.RawMessage `json:"ours,omitempty"`
}

type response struct {
	Result    json.RawMessage `json:"result,omitempty"`
	Error     string          `json:"error,omitempty"`
	Ours      json.RawMessage `json:"ours,omitempty"`
	OursError string          `json:"oursError,omitempty"`
}

// roundTrip decodes data into the schema's Go struct and encodes it again, as upstream's callers do with the
// patched JSON: unknown fields (directive keys left in values copied from the patch) are dropped.
func roundTrip(schema string, data []byte) (json.RawMessage, error) {
	obj, err := newStruct(schema)
	if err != nil {
		return nil, err
	}
	if err := json.Unmarshal(data, obj); err != nil {
		return nil, fmt.Errorf("typed round trip: %w", err)
	}
	return json.Marshal(obj)
}

func handle(line []byte) response {
	var req request
	if err := json.Unmarshal(line, &req); err != nil {
		return response{Error: "bad request: " + err.Error()}
	}
	var resp response
	if dataStruct, err := newStruct(req.Schema); err != nil {
		resp.Error = err.Error()
	} else if merged, err := strategicpatch.StrategicMergePatch(req.Original, req.Patch, dataStruct); err != nil {
		resp.Error = err.Error()
	} else if typed, err := roundTrip(req.Schema, merged); err != nil {
		resp.Error = err.Error()
	} else {
		resp.Result = typed
	}
	if len(req.Ours) > 0 {
		if typed, err := roundTrip(req.Schema, req.Ours); err != nil {
			resp.OursError = err.Error()
		} else {
			resp.Ours = typed
		}
	}
	return resp
}

func main() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 0, 1<<20), 64<<20)
	out := bufio.NewWriter(os.Stdout)
	enc := json.NewEncoder(out)
	for in.Scan() {
		if err := enc.Encode(handle(in.Bytes())); err != nil {
			fmt.Fprintln(os.Stderr, "smp-diff:", err)
			os.Exit(1)
		}
	}
	if err := in.Err(); err != nil {
		fmt.Fprintln(os.Stderr, "smp-diff:", err)
		os.Exit(1)
	}
	if err := out.Flush(); err != nil {
		fmt.Fprintln(os.Stderr, "smp-diff:", err)
		os.Exit(1)
	}
}

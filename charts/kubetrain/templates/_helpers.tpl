{{/* SPDX-License-Identifier: Apache-2.0 */}}
{{/* Upstream's object names for the release `kubeflow-trainer`: <release>-controller-manager. */}}
{{- define "kubetrain.fullname" -}}
{{- printf "%s-controller-manager" .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "kubetrain.configName" -}}
{{- printf "%s-config" .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "kubetrain.secretName" -}}
{{- printf "%s-webhook-cert" .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* The selector: the same as manifests/ (one manager per namespace). */}}
{{- define "kubetrain.selectorLabels" -}}
app.kubernetes.io/name: kubetrain
app.kubernetes.io/component: manager
{{- end -}}

{{- define "kubetrain.labels" -}}
{{ include "kubetrain.selectorLabels" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version }}
{{- end -}}

{{/* One webhook's clientConfig: the Service, and the CA bundle when certificates are provided. */}}
{{- define "kubetrain.clientConfig" -}}
clientConfig:
  service:
    name: {{ include "kubetrain.fullname" .root }}
    namespace: {{ .root.Release.Namespace }}
    path: {{ .path }}
    port: {{ .root.Values.webhook.servicePort }}
  {{- if and (not .root.Values.certManagement.enable) .root.Values.certManagement.caBundle }}
  caBundle: {{ .root.Values.certManagement.caBundle | b64enc }}
  {{- end }}
{{- end -}}

{{/* Names, labels and the merged settings of each workload. */}}

{{- define "bindery.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "bindery.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 40 | trimSuffix "-" -}}
{{- else -}}
{{- $name := default .Chart.Name .Values.nameOverride -}}
{{- if contains $name .Release.Name -}}
{{- .Release.Name | trunc 40 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name $name | trunc 40 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{/* The seven services, in start order (identity first: the others read its JWKS). */}}
{{- define "bindery.serviceNames" -}}
identity content review sites openapi integrations insights
{{- end -}}

{{- define "bindery.labels" -}}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" }}
app.kubernetes.io/name: {{ include "bindery.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
app.kubernetes.io/part-of: bindery
{{- end -}}

{{/* Selector labels of one component: call with (dict "root" $ "component" "gateway"). */}}
{{- define "bindery.selectorLabels" -}}
app.kubernetes.io/name: {{ include "bindery.name" .root }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .component }}
{{- end -}}

{{- define "bindery.componentLabels" -}}
{{ include "bindery.labels" .root }}
app.kubernetes.io/component: {{ .component }}
{{- end -}}

{{/*
Labels every pod of the release carries, whatever its component (NetworkPolicy peers, ServiceMonitor). Not
app.kubernetes.io/name: the manifests quarkus-kubernetes generates (k8s/base) name each pod bindery-<component>, and
k8s/base reuses this chart's NetworkPolicies and PodDisruptionBudgets.
*/}}
{{- define "bindery.releaseSelector" -}}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/part-of: bindery
{{- end -}}

{{/* The pods of one component, for NetworkPolicies and PodDisruptionBudgets (see bindery.releaseSelector). */}}
{{- define "bindery.componentSelector" -}}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .component }}
{{- end -}}

{{/* Settings of one component: defaults, overridden by gateway or services.<name>. Returns YAML. */}}
{{- define "bindery.settings" -}}
{{- $own := dict -}}
{{- if eq .component "gateway" -}}
{{- $own = .root.Values.gateway -}}
{{- else -}}
{{- $own = index .root.Values.services .component | default dict -}}
{{- end -}}
{{- toYaml (mergeOverwrite (deepCopy .root.Values.defaults) (deepCopy $own)) -}}
{{- end -}}

{{/* The Maven module, container image and Kubernetes name of a component. */}}
{{- define "bindery.module" -}}
{{- if eq .component "gateway" -}}gateway{{- else -}}{{ .component }}-service{{- end -}}
{{- end -}}

{{- define "bindery.image" -}}
{{- $settings := fromYaml (include "bindery.settings" .) -}}
{{- if $settings.image -}}
{{- $settings.image -}}
{{- else -}}
{{- $img := .root.Values.image -}}
{{- printf "%s/%s/%s:%s" $img.registry $img.group (include "bindery.module" .) (default .root.Chart.AppVersion $img.tag) -}}
{{- end -}}
{{- end -}}

{{- define "bindery.componentName" -}}
{{- printf "%s-%s" (include "bindery.fullname" .root) .component -}}
{{- end -}}

{{- define "bindery.serviceAccountName" -}}
{{- if .Values.serviceAccount.create -}}
{{- default (include "bindery.fullname" .) .Values.serviceAccount.name -}}
{{- else -}}
{{- default "default" .Values.serviceAccount.name -}}
{{- end -}}
{{- end -}}

{{- define "bindery.secretsName" -}}
{{- default (printf "%s-secrets" (include "bindery.fullname" .)) .Values.secrets.existingSecret -}}
{{- end -}}

{{- define "bindery.signingKeySecretName" -}}
{{- default (printf "%s-signing-key" (include "bindery.fullname" .)) .Values.secrets.signingKey.existingSecret -}}
{{- end -}}

{{- define "bindery.dbSecretName" -}}
{{- default (printf "%s-db" (include "bindery.fullname" .)) .Values.postgresql.auth.existingSecret -}}
{{- end -}}

{{- define "bindery.publicUrl" -}}
{{- default (printf "https://%s" .Values.ingress.apiHost) .Values.publicUrl -}}
{{- end -}}

{{- define "bindery.jdbcUrl" -}}
{{- $pg := .Values.postgresql -}}
{{- printf "jdbc:postgresql://%s:%v/%s" $pg.host $pg.port $pg.database -}}
{{- if $pg.jdbcParameters }}?{{ $pg.jdbcParameters }}{{ end -}}
{{- end -}}

{{/*
A secret value for a Secret's data: the value given in values, else the one already stored in the cluster (lookup:
stable across upgrades), else a new random one. Call with (dict "given" v "existing" $data "key" k).
*/}}
{{- define "bindery.secretValue" -}}
{{- if .given -}}
{{- .given | toString | b64enc -}}
{{- else if and .existing (hasKey .existing .key) -}}
{{- index .existing .key -}}
{{- else -}}
{{- randAlphaNum 43 | b64enc -}}
{{- end -}}
{{- end -}}

{{/* Environment shared by a component's container and its migration init container (secrets by reference). */}}
{{- define "bindery.env" -}}
{{- $s := fromYaml (include "bindery.settings" .) -}}
{{- $secrets := include "bindery.secretsName" .root -}}
- name: JAVA_TOOL_OPTIONS
  value: {{ $s.javaOptions | quote }}
# glibc keeps two malloc arenas, not eight per core: native memory as ./platform measured it
- name: MALLOC_ARENA_MAX
  value: "2"
{{- range $key := list "BINDERY_SIGNED_URL_SECRET" "BINDERY_CURSOR_SECRET" "BINDERY_SERVICE_SECRET" }}
- name: {{ $key }}
  valueFrom:
    secretKeyRef:
      name: {{ $secrets }}
      key: {{ $key }}
{{- end }}
{{- if ne .component "gateway" }}
- name: QUARKUS_DATASOURCE_USERNAME
  valueFrom:
    secretKeyRef:
      name: {{ include "bindery.dbSecretName" .root }}
      key: {{ .component }}-username
- name: QUARKUS_DATASOURCE_PASSWORD
  valueFrom:
    secretKeyRef:
      name: {{ include "bindery.dbSecretName" .root }}
      key: {{ .component }}-password
{{- end }}
{{- $kafka := .root.Values.kafka -}}
{{- if hasPrefix "SASL_" $kafka.securityProtocol }}
- name: KAFKA_SASL_USERNAME
  valueFrom:
    secretKeyRef:
      name: {{ required "kafka.sasl.existingSecret is required with a SASL_* kafka.securityProtocol" $kafka.sasl.existingSecret }}
      key: username
- name: KAFKA_SASL_PASSWORD
  valueFrom:
    secretKeyRef:
      name: {{ $kafka.sasl.existingSecret }}
      key: password
{{- $module := ternary "org.apache.kafka.common.security.plain.PlainLoginModule" "org.apache.kafka.common.security.scram.ScramLoginModule" (eq $kafka.sasl.mechanism "PLAIN") }}
- name: KAFKA_SASL_JAAS_CONFIG
  value: {{ printf "%s required username=\"$(KAFKA_SASL_USERNAME)\" password=\"$(KAFKA_SASL_PASSWORD)\";" $module | quote }}
{{- end }}
{{- end -}}

{{- define "bindery.volumeMounts" -}}
- name: tmp
  mountPath: /tmp
{{- if .root.Values.kafka.tls.caSecret }}
- name: kafka-ca
  mountPath: /etc/bindery/kafka-ca
  readOnly: true
{{- end }}
{{- if and (ne .component "gateway") .root.Values.postgresql.caSecret }}
- name: postgresql-ca
  mountPath: /etc/bindery/postgresql-ca
  readOnly: true
{{- end }}
{{- end -}}

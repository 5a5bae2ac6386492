import { ApiObject, Chart, type App } from 'cdk8s';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Job } from 'kubernetes-models/batch/v1';
import { Ingress, NetworkPolicy, type INetworkPolicyPeer, type INetworkPolicyPort } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, Service, ServiceAccount, type IContainer, type IEnvVar, type IPodSpec, type IProbe } from 'kubernetes-models/v1';
import {
  API_METRICS_PORT,
  API_PORT,
  API_SECRET_KEYS,
  API_UID,
  LISTENER_CLOSE_MS,
  OPTIONAL_API_SECRET_KEYS,
  PRE_STOP_SECONDS,
  WEB_PORT,
  WEB_UID,
  QUEUE_STOP_SECONDS,
  PRIVATE_IPV4_RANGES,
  type ConsoleSettings,
  type Resources,
} from './settings.ts';

const PART_OF = 'console';
const API = 'console-api';
const WORKER = 'console-worker';
const WEB = 'console-web';
const MIGRATE = 'console-migrate';

function labels(component: string): Record<string, string> {
  return { 'app.kubernetes.io/name': component, 'app.kubernetes.io/part-of': PART_OF };
}

/** Adds a model to a chart as it is (its name given, so cdk8s keeps it). */
function add(chart: Chart, model: { toJSON(): unknown }): void {
  const json = model.toJSON() as { kind: string; apiVersion: string; metadata?: { name?: string } };
  new ApiObject(chart, `${json.kind}-${json.metadata?.name ?? ''}`, json);
}

function resources(r: Resources): IContainer['resources'] {
  return { requests: { cpu: r.cpuRequest, memory: r.memoryRequest }, limits: { cpu: r.cpuLimit, memory: r.memoryLimit } };
}

/** A container that runs as its image's unprivileged user, with nothing it does not need. */
function lockedDown(uid: number, readOnlyRootFilesystem: boolean): Pick<IContainer, 'securityContext'> {
  return {
    securityContext: {
      runAsNonRoot: true,
      runAsUser: uid,
      runAsGroup: uid,
      allowPrivilegeEscalation: false,
      readOnlyRootFilesystem,
      capabilities: { drop: ['ALL'] },
      seccompProfile: { type: 'RuntimeDefault' },
    },
  };
}

function podBasics(component: string, uid: number): Pick<IPodSpec, 'serviceAccountName' | 'automountServiceAccountToken' | 'securityContext'> {
  return {
    serviceAccountName: component,
    automountServiceAccountToken: false,
    securityContext: { runAsNonRoot: true, runAsUser: uid, runAsGroup: uid, fsGroup: uid, seccompProfile: { type: 'RuntimeDefault' } },
  };
}

/** The API's credentials, each read from the cluster's secret (never written here). */
function secretEnv(settings: ConsoleSettings, keys: readonly string[]): IEnvVar[] {
  return keys.map((key) => ({
    name: key,
    valueFrom: { secretKeyRef: { name: settings.apiSecretName, key, ...(OPTIONAL_API_SECRET_KEYS.has(key) ? { optional: true } : {}) } },
  }));
}

/** Mebibytes of a Kubernetes quantity in Mi or Gi. */
function mebibytes(quantity: string): number {
  const match = /^(\d+)(Mi|Gi)$/.exec(quantity);
  if (!match) throw new Error(`memory quantity in Mi or Gi expected: ${quantity}`);
  return Number(match[1]) * (match[2] === 'Gi' ? 1024 : 1);
}

/**
 * Node's heap limits: the old generation at 5/8 of the container's memory limit, so that garbage
 * is collected before the container is killed and room stays for buffers and code, and a young
 * generation of 2 × 4 MB instead of the size Node derives from the node's memory (up to 2 × 64 MB),
 * which a streaming export would otherwise fill (docs/operations.md#export-benchmark).
 */
function heapLimit(resources: Resources): IEnvVar {
  return { name: 'NODE_OPTIONS', value: `--max-old-space-size=${Math.floor((mebibytes(resources.memoryLimit) * 5) / 8)} --max-semi-space-size=4` };
}

function httpProbe(path: string, port: number, periodSeconds: number, failureThreshold: number): IProbe {
  return { httpGet: { path, port }, periodSeconds, failureThreshold, timeoutSeconds: 2 };
}

/** Both zones and nodes: a replica per zone first, then per node, as evenly as the scheduler can. */
function spread(component: string): IPodSpec['topologySpreadConstraints'] {
  return ['topology.kubernetes.io/zone', 'kubernetes.io/hostname'].map((topologyKey) => ({
    topologyKey,
    maxSkew: 1,
    whenUnsatisfiable: 'ScheduleAnyway',
    labelSelector: { matchLabels: labels(component) },
  }));
}

const tmpVolume = { name: 'tmp', emptyDir: { sizeLimit: '64Mi' } };

/** The migration job: run to completion before a rollout of the app chart (docs/operations.md#kubernetes). */
export function migrationChart(app: App, settings: ConsoleSettings): Chart {
  const chart = new Chart(app, 'console-migrate', { namespace: settings.namespace, disableResourceNameHashes: true });
  add(chart, new ServiceAccount({ metadata: { name: MIGRATE, labels: labels(MIGRATE) }, automountServiceAccountToken: false }));
  add(
    chart,
    new Job({
      metadata: {
        name: `${MIGRATE}-${settings.version.replace(/[^a-z0-9-]/gi, '-').toLowerCase()}`,
        labels: labels(MIGRATE),
        annotations: { 'argocd.argoproj.io/hook': 'PreSync', 'argocd.argoproj.io/hook-delete-policy': 'BeforeHookCreation' },
      },
      spec: {
        backoffLimit: 2,
        activeDeadlineSeconds: 600,
        ttlSecondsAfterFinished: 86_400,
        template: {
          metadata: { labels: labels(MIGRATE) },
          spec: {
            ...podBasics(MIGRATE, API_UID),
            restartPolicy: 'Never',
            containers: [
              {
                name: 'migrate',
                image: settings.apiImage,
                command: ['node', 'dist/migrate.js'],
                env: secretEnv(settings, ['DATABASE_URL']),
                resources: resources(settings.apiResources),
                ...lockedDown(API_UID, true),
                volumeMounts: [{ name: 'tmp', mountPath: '/tmp' }],
              },
            ],
            volumes: [tmpVolume],
          },
        },
      },
    }),
  );
  // The job reaches only its database, whatever else the namespace's policies allow.
  add(
    chart,
    new NetworkPolicy({
      metadata: { name: MIGRATE, labels: labels(MIGRATE) },
      spec: {
        podSelector: { matchLabels: labels(MIGRATE) },
        policyTypes: ['Egress'],
        egress: [{ to: [{ ipBlock: { cidr: settings.databaseCidr } }], ports: [tcp(5432)] }, dns],
      },
    }),
  );
  return chart;
}

/** Everything that runs the console once its database is migrated. */
export function consoleChart(app: App, settings: ConsoleSettings): Chart {
  const chart = new Chart(app, 'console', { namespace: settings.namespace, disableResourceNameHashes: true });
  for (const component of [API, WORKER, WEB])
    add(chart, new ServiceAccount({ metadata: { name: component, labels: labels(component) }, automountServiceAccountToken: false }));
  apiObjects(chart, settings);
  workerObjects(chart, settings);
  webObjects(chart, settings);
  networkPolicies(chart, settings);
  return chart;
}

/**
 * The API image's container in a role (API_ROLE, docs/operations.md#worker-role): its settings from
 * the API's ConfigMap, its credentials from the cluster's secret, probes on its port, read-only.
 */
function apiContainer(settings: ConsoleSettings, role: 'serve' | 'worker', r: Resources): IContainer {
  return {
    name: role === 'serve' ? 'api' : 'worker',
    image: settings.apiImage,
    ports: [
      { name: 'http', containerPort: API_PORT },
      { name: 'metrics', containerPort: API_METRICS_PORT },
    ],
    envFrom: [{ configMapRef: { name: API } }],
    env: [{ name: 'API_ROLE', value: role }, heapLimit(r), ...secretEnv(settings, API_SECRET_KEYS)],
    resources: resources(r),
    startupProbe: httpProbe('/healthz', API_PORT, 2, 30),
    livenessProbe: httpProbe('/healthz', API_PORT, 10, 3),
    readinessProbe: httpProbe('/readyz', API_PORT, 5, 2),
    ...lockedDown(API_UID, true),
    volumeMounts: [{ name: 'tmp', mountPath: '/tmp' }],
  };
}

function apiObjects(chart: Chart, settings: ConsoleSettings): void {
  add(
    chart,
    new ConfigMap({
      metadata: { name: API, labels: labels(API) },
      data: { ...settings.apiEnvironment, TRUSTED_PROXIES: settings.podCidr, SHUTDOWN_DRAIN_MS: String(settings.shutdownDrainMs) },
    }),
  );
  // SIGTERM comes after the preStop pause; the API then drains and closes its listener, and
  // Kubernetes waits longer than all of it before it kills the process.
  const terminationGracePeriodSeconds = PRE_STOP_SECONDS + Math.ceil((settings.shutdownDrainMs + LISTENER_CLOSE_MS) / 1000) + 15;
  add(
    chart,
    new Deployment({
      metadata: { name: API, labels: labels(API) },
      spec: {
        replicas: settings.apiReplicas.min,
        revisionHistoryLimit: 5,
        selector: { matchLabels: labels(API) },
        strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0, maxSurge: 1 } },
        template: {
          metadata: { labels: labels(API) },
          spec: {
            ...podBasics(API, API_UID),
            terminationGracePeriodSeconds,
            topologySpreadConstraints: spread(API),
            containers: [
              {
                ...apiContainer(settings, 'serve', settings.apiResources),
                lifecycle: { preStop: { exec: { command: ['sleep', String(PRE_STOP_SECONDS)] } } },
              },
            ],
            volumes: [tmpVolume],
          },
        },
      },
    }),
  );
  add(
    chart,
    new Service({
      metadata: { name: API, labels: labels(API) },
      spec: {
        selector: labels(API),
        ports: [
          { name: 'http', port: API_PORT, targetPort: 'http' },
          { name: 'metrics', port: API_METRICS_PORT, targetPort: 'metrics' },
        ],
      },
    }),
  );
  add(
    chart,
    new HorizontalPodAutoscaler({
      metadata: { name: API, labels: labels(API) },
      spec: {
        scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: API },
        minReplicas: settings.apiReplicas.min,
        maxReplicas: settings.apiReplicas.max,
        metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: settings.apiReplicas.targetCpuPercent } } }],
        behavior: { scaleDown: { stabilizationWindowSeconds: 300, policies: [{ type: 'Pods', value: 1, periodSeconds: 60 }] } },
      },
    }),
  );
  add(chart, new PodDisruptionBudget({ metadata: { name: API, labels: labels(API) }, spec: { maxUnavailable: 1, selector: { matchLabels: labels(API) } } }));
}

/**
 * The workers: the same image with API_ROLE=worker, which sends the e-mails, delivers the webhooks
 * and runs the periodic jobs, so that failing deliveries take no CPU from the calls. No Service
 * selects them; they serve only their probes and metrics. A stopping worker lets its jobs in flight
 * end (at most QUEUE_STOP_SECONDS); the others wait for another worker.
 */
function workerObjects(chart: Chart, settings: ConsoleSettings): void {
  add(
    chart,
    new Deployment({
      metadata: { name: WORKER, labels: labels(WORKER) },
      spec: {
        replicas: settings.workerReplicas,
        revisionHistoryLimit: 5,
        selector: { matchLabels: labels(WORKER) },
        strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0, maxSurge: 1 } },
        template: {
          metadata: { labels: labels(WORKER) },
          spec: {
            ...podBasics(WORKER, API_UID),
            // The drain and the listener closing as for the API (its probes), then the jobs in flight.
            terminationGracePeriodSeconds: Math.ceil((settings.shutdownDrainMs + LISTENER_CLOSE_MS) / 1000) + QUEUE_STOP_SECONDS + 10,
            topologySpreadConstraints: spread(WORKER),
            containers: [apiContainer(settings, 'worker', settings.workerResources)],
            volumes: [tmpVolume],
          },
        },
      },
    }),
  );
  add(
    chart,
    new PodDisruptionBudget({ metadata: { name: WORKER, labels: labels(WORKER) }, spec: { maxUnavailable: 1, selector: { matchLabels: labels(WORKER) } } }),
  );
}

function webObjects(chart: Chart, settings: ConsoleSettings): void {
  add(
    chart,
    new ConfigMap({
      metadata: { name: WEB, labels: labels(WEB) },
      data: { ...settings.webEnvironment, API_UPSTREAM: `${API}.${settings.namespace}.svc:${API_PORT}`, LISTEN_PORT: String(WEB_PORT) },
    }),
  );
  add(
    chart,
    new Deployment({
      metadata: { name: WEB, labels: labels(WEB) },
      spec: {
        replicas: settings.webReplicas,
        revisionHistoryLimit: 5,
        selector: { matchLabels: labels(WEB) },
        strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0, maxSurge: 1 } },
        template: {
          metadata: { labels: labels(WEB) },
          spec: {
            ...podBasics(WEB, WEB_UID),
            terminationGracePeriodSeconds: 30,
            topologySpreadConstraints: spread(WEB),
            containers: [
              {
                name: 'web',
                image: settings.webImage,
                ports: [{ name: 'http', containerPort: WEB_PORT }],
                // The web's public Firebase settings (API key, app id) differ per environment: an
                // operator-kept ConfigMap holds them.
                envFrom: [{ configMapRef: { name: WEB } }, { configMapRef: { name: `${WEB}-firebase` } }],
                resources: resources(settings.webResources),
                readinessProbe: httpProbe('/auth/', WEB_PORT, 5, 2),
                livenessProbe: httpProbe('/auth/', WEB_PORT, 10, 3),
                lifecycle: { preStop: { exec: { command: ['sleep', String(PRE_STOP_SECONDS)] } } },
                // The entrypoint renders nginx's configuration and writes runtime-config.js into the
                // served files at start, so the root filesystem stays writable for that one file.
                ...lockedDown(WEB_UID, false),
              },
            ],
          },
        },
      },
    }),
  );
  add(
    chart,
    new Service({
      metadata: { name: WEB, labels: labels(WEB) },
      spec: { selector: labels(WEB), ports: [{ name: 'http', port: WEB_PORT, targetPort: 'http' }] },
    }),
  );
  add(chart, new PodDisruptionBudget({ metadata: { name: WEB, labels: labels(WEB) }, spec: { maxUnavailable: 1, selector: { matchLabels: labels(WEB) } } }));
  add(
    chart,
    new Ingress({
      metadata: { name: WEB, labels: labels(WEB) },
      spec: {
        ingressClassName: settings.ingressClassName,
        tls: [{ hosts: [settings.host], secretName: settings.tlsSecretName }],
        rules: [
          {
            host: settings.host,
            http: { paths: [{ path: '/', pathType: 'Prefix', backend: { service: { name: WEB, port: { name: 'http' } } } }] },
          },
        ],
      },
    }),
  );
}

const namespacePeer = (name: string): INetworkPolicyPeer => ({ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': name } } });
const tcp = (port: number): INetworkPolicyPort => ({ protocol: 'TCP', port });
const dns: { to: INetworkPolicyPeer[]; ports: INetworkPolicyPort[] } = {
  to: [{ namespaceSelector: {}, podSelector: { matchLabels: { 'k8s-app': 'kube-dns' } } }],
  ports: [{ protocol: 'UDP', port: 53 }, tcp(53)],
};

/**
 * Nothing reaches a pod of the namespace unless a policy says so: the web server from the
 * ingress controller; the API from the web server, sibling products and Prometheus (metrics).
 * The API goes out to its database, Redis and HTTPS (identity provider, mail, storage) only.
 */
function networkPolicies(chart: Chart, settings: ConsoleSettings): void {
  add(
    chart,
    new NetworkPolicy({
      metadata: { name: 'default-deny', labels: { 'app.kubernetes.io/part-of': PART_OF } },
      spec: { podSelector: {}, policyTypes: ['Ingress', 'Egress'] },
    }),
  );
  add(
    chart,
    new NetworkPolicy({
      metadata: { name: WEB, labels: labels(WEB) },
      spec: {
        podSelector: { matchLabels: labels(WEB) },
        policyTypes: ['Ingress', 'Egress'],
        ingress: [{ from: [namespacePeer(settings.ingressNamespace)], ports: [tcp(WEB_PORT)] }],
        egress: [{ to: [{ podSelector: { matchLabels: labels(API) } }], ports: [tcp(API_PORT)] }, dns],
      },
    }),
  );
  add(
    chart,
    new NetworkPolicy({
      metadata: { name: API, labels: labels(API) },
      spec: {
        podSelector: { matchLabels: labels(API) },
        policyTypes: ['Ingress', 'Egress'],
        ingress: [
          {
            from: [{ podSelector: { matchLabels: labels(WEB) } }, { namespaceSelector: { matchLabels: { [settings.siblingNamespaceLabel]: 'true' } } }],
            ports: [tcp(API_PORT)],
          },
          { from: [namespacePeer(settings.monitoringNamespace)], ports: [tcp(API_METRICS_PORT)] },
        ],
        egress: [
          { to: [{ ipBlock: { cidr: settings.databaseCidr } }], ports: [tcp(5432)] },
          { to: [{ ipBlock: { cidr: settings.redisCidr } }], ports: [tcp(6379)] },
          { to: [{ ipBlock: { cidr: '0.0.0.0/0', except: [settings.podCidr] } }], ports: [tcp(443)] },
          dns,
        ],
      },
    }),
  );
  // Webhook endpoints are anywhere on the internet, on any port, but never inside the cluster or
  // any private network (the API refuses those addresses too, outside dev and test).
  add(
    chart,
    new NetworkPolicy({
      metadata: { name: WORKER, labels: labels(WORKER) },
      spec: {
        podSelector: { matchLabels: labels(WORKER) },
        policyTypes: ['Ingress', 'Egress'],
        ingress: [{ from: [namespacePeer(settings.monitoringNamespace)], ports: [tcp(API_METRICS_PORT)] }],
        egress: [
          { to: [{ ipBlock: { cidr: settings.databaseCidr } }], ports: [tcp(5432)] },
          { to: [{ ipBlock: { cidr: settings.redisCidr } }], ports: [tcp(6379)] },
          { to: [{ ipBlock: { cidr: '0.0.0.0/0', except: [...PRIVATE_IPV4_RANGES] } }], ports: [{ protocol: 'TCP' }] },
          dns,
        ],
      },
    }),
  );
}

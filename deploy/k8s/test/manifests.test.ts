import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { App, Yaml } from 'cdk8s';
import type { IDeployment } from 'kubernetes-models/apps/v1';
import type { IHorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import type { IJob } from 'kubernetes-models/batch/v1';
import type { IIngress, INetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import type { IPodDisruptionBudget } from 'kubernetes-models/policy/v1';
import type { IConfigMap, IContainer, IPodSpec, IService } from 'kubernetes-models/v1';
import { consoleChart, migrationChart } from '../src/charts.ts';
import {
  API_METRICS_PORT,
  API_PORT,
  API_SECRET_KEYS,
  defaultSettings,
  LISTENER_CLOSE_MS,
  PRE_STOP_SECONDS,
  PRIVATE_IPV4_RANGES,
  QUEUE_STOP_SECONDS,
  WEB_PORT,
} from '../src/settings.ts';

/** An object as the charts write it: what every Kubernetes object has. */
interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string; annotations?: Record<string, string> };
}

const outdir = mkdtempSync(join(tmpdir(), 'console-k8s-'));
after(() => rmSync(outdir, { recursive: true, force: true }));

const settings = defaultSettings('2.3.4');
const app = new App({ outdir });
const migration = migrationChart(app, settings).toJson() as Manifest[];
const rest = consoleChart(app, settings).toJson() as Manifest[];
const all = [...migration, ...rest];

function defined<T>(value: T | null | undefined, what: string): T {
  assert.ok(value !== undefined && value !== null, `${what} is set`);
  return value;
}

/** The one object of that kind and name, as the type of its kind. */
function one<T>(objects: readonly Manifest[], kind: string, name: string): T {
  const found = objects.filter((o) => o.kind === kind && o.metadata.name === name);
  assert.equal(found.length, 1, `${kind}/${name} exists once`);
  return found[0] as T;
}

/** Whether an IPv4 address lies in a CIDR range. */
function inRange(address: string, range: string): boolean {
  const [network = '', bits = '32'] = range.split('/');
  const value = (a: string) => a.split('.').reduce((n, part) => n * 256 + Number(part), 0);
  const size = 2 ** (32 - Number(bits));
  return Math.floor(value(address) / size) === Math.floor(value(network) / size);
}

type Validating = new (data: unknown) => { validate(): void };

/** The kubernetes-models class of an object's apiVersion and kind (the schema it is checked against). */
async function modelOf(object: Manifest): Promise<Validating> {
  const [group, version] = object.apiVersion.includes('/') ? object.apiVersion.split('/') : ['', object.apiVersion];
  const module = (await import(`kubernetes-models/${group ? `${group}/` : ''}${version ?? ''}`)) as Record<string, unknown>;
  const model = module[object.kind];
  assert.equal(typeof model, 'function', `kubernetes-models knows ${object.apiVersion} ${object.kind}`);
  return model as Validating;
}

const podSpecOf = (o: IDeployment | IJob): IPodSpec => defined(o.spec?.template.spec, `${o.metadata?.name ?? ''} pod`);
const workloads = (): [string, IPodSpec][] =>
  all.filter((o) => o.kind === 'Deployment' || o.kind === 'Job').map((o) => [`${o.kind}/${o.metadata.name}`, podSpecOf(o as IDeployment | IJob)]);
const configData = (name: string): Record<string, string> => defined(one<IConfigMap>(rest, 'ConfigMap', name).data, name);
const firstContainer = (pod: IPodSpec): IContainer => defined(pod.containers[0], 'container');

describe('Kubernetes API schemas', () => {
  it('synthesizes the migration and the console as two files of YAML holding exactly these objects', () => {
    app.synth();
    assert.deepEqual(Yaml.load(join(outdir, 'console-migrate.k8s.yaml')), migration);
    assert.deepEqual(Yaml.load(join(outdir, 'console.k8s.yaml')), rest);
  });

  it('every object synthesized is valid for its apiVersion and kind', async () => {
    assert.ok(all.length >= 17);
    for (const object of all) {
      const Model = await modelOf(object);
      assert.doesNotThrow(() => new Model(object).validate(), `${object.kind}/${object.metadata.name}`);
    }
  });

  it('the check refuses an object that breaks its schema', async () => {
    const api = one<IDeployment>(rest, 'Deployment', 'console-api');
    const broken = { ...api, spec: { ...api.spec, replicas: 'three' } } as unknown as Manifest;
    const Model = await modelOf(broken);
    assert.throws(() => new Model(broken).validate());
  });
});

describe('policy', () => {
  const api = one<IDeployment>(rest, 'Deployment', 'console-api');
  const apiSpec = defined(api.spec, 'api spec');
  const apiPod = podSpecOf(api);
  const apiContainer = firstContainer(apiPod);
  const job = one<IJob>(migration, 'Job', 'console-migrate-2-3-4');
  const worker = one<IDeployment>(rest, 'Deployment', 'console-worker');
  const workerPod = podSpecOf(worker);
  const workerContainer = firstContainer(workerPod);
  const roleOf = (container: IContainer) => container.env?.find((e) => e.name === 'API_ROLE')?.value;

  it('runs every pod and container unprivileged: non-root, no privilege escalation, all capabilities dropped, default seccomp, no service-account token', () => {
    for (const [name, pod] of workloads()) {
      assert.equal(pod.securityContext?.runAsNonRoot, true, name);
      assert.equal(pod.automountServiceAccountToken, false, name);
      for (const container of pod.containers) {
        const context = defined(container.securityContext, `${name} securityContext`);
        assert.equal(context.runAsNonRoot, true, name);
        assert.ok((context.runAsUser ?? 0) > 0, name);
        assert.equal(context.allowPrivilegeEscalation, false, name);
        assert.deepEqual(context.capabilities?.drop, ['ALL'], name);
        assert.equal(context.seccompProfile?.type, 'RuntimeDefault', name);
      }
    }
  });

  it('gives the API, the workers and the migration a read-only root filesystem with a small writable /tmp', () => {
    for (const pod of [apiPod, workerPod, podSpecOf(job)]) {
      const container = firstContainer(pod);
      assert.equal(container.securityContext?.readOnlyRootFilesystem, true);
      assert.deepEqual(container.volumeMounts, [{ name: 'tmp', mountPath: '/tmp' }]);
      assert.ok(pod.volumes?.[0]?.emptyDir?.sizeLimit);
    }
  });

  it('sets requests and limits of CPU and memory on every container', () => {
    for (const [name, pod] of workloads()) {
      for (const container of pod.containers) {
        for (const bound of [container.resources?.requests, container.resources?.limits]) {
          assert.ok(bound?.cpu, `${name} cpu`);
          assert.ok(bound.memory, `${name} memory`);
        }
      }
    }
  });

  it("limits the API's heap below its container's memory limit", () => {
    const limit = defined(apiContainer.resources?.limits?.memory, 'memory limit');
    const options = apiContainer.env?.find((variable) => variable.name === 'NODE_OPTIONS')?.value ?? '';
    const heap = Number(/--max-old-space-size=(\d+)/.exec(options)?.[1]);
    const semiSpace = Number(/--max-semi-space-size=(\d+)/.exec(options)?.[1]);
    assert.equal(limit, '512Mi');
    assert.equal(heap, 320);
    assert.equal(semiSpace, 4);
  });

  it('uses pinned images of the release, never latest', () => {
    for (const [name, pod] of workloads()) {
      for (const container of pod.containers) assert.match(container.image ?? '', /:2\.3\.4$/, name);
    }
  });

  it('probes the API: startup and liveness on /healthz, readiness on /readyz', () => {
    const startup = defined(apiContainer.startupProbe, 'startup probe');
    const liveness = defined(apiContainer.livenessProbe, 'liveness probe');
    const readiness = defined(apiContainer.readinessProbe, 'readiness probe');
    assert.equal(startup.httpGet?.path, '/healthz');
    assert.equal(liveness.httpGet?.path, '/healthz');
    assert.equal(readiness.httpGet?.path, '/readyz');
    for (const probe of [startup, liveness, readiness]) assert.equal(probe.httpGet?.port, API_PORT);
    assert.ok((startup.periodSeconds ?? 0) * (startup.failureThreshold ?? 0) >= 30, 'a slow start is not killed');
  });

  it('lets a stopping API drain: the grace period outlasts the preStop pause, the drain and the listener closing', () => {
    assert.deepEqual(apiContainer.lifecycle?.preStop?.exec?.command, ['sleep', String(PRE_STOP_SECONDS)]);
    const needed = PRE_STOP_SECONDS + (settings.shutdownDrainMs + LISTENER_CLOSE_MS) / 1000;
    const grace = defined(apiPod.terminationGracePeriodSeconds, 'grace period');
    assert.ok(grace > needed, `${grace} s > ${needed} s`);
    assert.equal(configData('console-api').SHUTDOWN_DRAIN_MS, String(settings.shutdownDrainMs));
    assert.deepEqual(apiSpec.strategy?.rollingUpdate, { maxUnavailable: 0, maxSurge: 1 });
  });

  it('runs several API replicas spread over zones and nodes, scaled on CPU, at most one voluntarily down', () => {
    assert.ok((apiSpec.replicas ?? 1) >= 2);
    assert.deepEqual(
      apiPod.topologySpreadConstraints?.map((c) => c.topologyKey),
      ['topology.kubernetes.io/zone', 'kubernetes.io/hostname'],
    );
    const hpa = defined(one<IHorizontalPodAutoscaler>(rest, 'HorizontalPodAutoscaler', 'console-api').spec, 'hpa spec');
    assert.deepEqual(hpa.scaleTargetRef, { apiVersion: 'apps/v1', kind: 'Deployment', name: 'console-api' });
    assert.equal(hpa.minReplicas, apiSpec.replicas);
    assert.ok(hpa.maxReplicas > (hpa.minReplicas ?? 1));
    const pdb = defined(one<IPodDisruptionBudget>(rest, 'PodDisruptionBudget', 'console-api').spec, 'pdb spec');
    assert.equal(pdb.maxUnavailable, 1);
    assert.deepEqual(pdb.selector?.matchLabels, apiSpec.selector.matchLabels);
  });

  it('keeps secrets out of the manifests: no Secret object, every credential read from the cluster secret', () => {
    assert.equal(all.filter((o) => o.kind === 'Secret').length, 0);
    const secretLike = /(KEY|KEYS|TOKEN|SECRET|PASSWORD|DSN|DATABASE_URL|REDIS_URL)$/;
    for (const [name, pod] of workloads()) {
      for (const container of pod.containers) {
        for (const env of container.env ?? []) {
          if (secretLike.test(env.name)) assert.ok(env.valueFrom?.secretKeyRef, `${name} ${env.name} comes from a secret`);
        }
      }
    }
    for (const map of all.filter((o) => o.kind === 'ConfigMap') as IConfigMap[]) {
      for (const key of Object.keys(map.data ?? {})) assert.doesNotMatch(key, secretLike, `ConfigMap ${map.metadata?.name ?? ''} holds no ${key}`);
    }
    assert.deepEqual(
      apiContainer.env?.filter((e) => e.valueFrom?.secretKeyRef).map((e) => e.name),
      [...API_SECRET_KEYS],
    );
    for (const container of [apiContainer, workerContainer]) {
      assert.deepEqual(
        container.env?.filter((e) => e.valueFrom?.secretKeyRef).map((e) => e.name),
        [...API_SECRET_KEYS],
      );
      assert.deepEqual(
        container.env?.filter((e) => !e.valueFrom).map((e) => e.name),
        ['API_ROLE', 'NODE_OPTIONS'],
      );
    }
  });

  it('serves calls from instances that run no job, and runs the jobs in workers of the same image that no Service selects', () => {
    assert.equal(roleOf(apiContainer), 'serve');
    assert.equal(roleOf(workerContainer), 'worker');
    assert.equal(workerContainer.image, apiContainer.image);
    assert.deepEqual(workerContainer.envFrom, apiContainer.envFrom);
    const selectors = (rest.filter((o) => o.kind === 'Service') as IService[]).map((service) => service.spec?.selector?.['app.kubernetes.io/name']);
    assert.deepEqual(selectors.sort(), ['console-api', 'console-web']);
    assert.equal(worker.spec?.template.metadata?.labels?.['app.kubernetes.io/name'], 'console-worker');
    assert.ok((worker.spec?.replicas ?? 1) >= 2, 'a worker left while another is moved');
    const pdb = defined(one<IPodDisruptionBudget>(rest, 'PodDisruptionBudget', 'console-worker').spec, 'worker pdb spec');
    assert.equal(pdb.maxUnavailable, 1);
    assert.deepEqual(pdb.selector?.matchLabels, worker.spec?.selector.matchLabels);
    const needed = (settings.shutdownDrainMs + LISTENER_CLOSE_MS) / 1000 + QUEUE_STOP_SECONDS;
    const grace = defined(workerPod.terminationGracePeriodSeconds, 'worker grace period');
    assert.ok(grace > needed, `a stopping worker's jobs in flight end: ${grace} s > ${needed} s`);
    assert.equal(workerContainer.readinessProbe?.httpGet?.path, '/readyz');
  });

  it('runs the migration as a job of its own chart, before the rollout, with the same image', () => {
    const container = firstContainer(podSpecOf(job));
    assert.deepEqual(container.command, ['node', 'dist/migrate.js']);
    assert.equal(container.image, apiContainer.image);
    assert.equal(job.metadata?.annotations?.['argocd.argoproj.io/hook'], 'PreSync');
    assert.equal(podSpecOf(job).restartPolicy, 'Never');
    assert.equal(rest.filter((o) => o.kind === 'Job').length, 0);
    assert.equal(configData('console-api').MIGRATE_ON_START, 'false');
  });

  it('trusts forwarded addresses from the pod network only (the web server), not from anywhere', () => {
    assert.equal(configData('console-api').TRUSTED_PROXIES, settings.podCidr);
  });

  it('routes the public host to the web server over TLS; the web server proxies the API', () => {
    const ingress = defined(one<IIngress>(rest, 'Ingress', 'console-web').spec, 'ingress spec');
    assert.deepEqual(ingress.tls, [{ hosts: [settings.host], secretName: settings.tlsSecretName }]);
    const backends = (ingress.rules ?? []).flatMap((r) => (r.http?.paths ?? []).map((path) => path.backend.service?.name));
    assert.deepEqual(backends, ['console-web']);
    assert.equal(configData('console-web').API_UPSTREAM, `console-api.${settings.namespace}.svc:${API_PORT}`);
  });

  describe('network policies', () => {
    const policy = (name: string) => defined(one<INetworkPolicy>(rest, 'NetworkPolicy', name).spec, `${name} policy`);
    const apiPolicy = policy('console-api');

    it('deny everything in the namespace that no policy allows', () => {
      assert.deepEqual(policy('default-deny'), { podSelector: {}, policyTypes: ['Ingress', 'Egress'] });
    });

    it('let the API be reached on its port only from the web server and sibling products, and its metrics only from monitoring', () => {
      const [calls, metrics] = apiPolicy.ingress ?? [];
      assert.equal(apiPolicy.ingress?.length, 2);
      assert.deepEqual(calls?.ports, [{ protocol: 'TCP', port: API_PORT }]);
      assert.deepEqual(calls?.from, [
        { podSelector: { matchLabels: { 'app.kubernetes.io/name': 'console-web', 'app.kubernetes.io/part-of': 'console' } } },
        { namespaceSelector: { matchLabels: { [settings.siblingNamespaceLabel]: 'true' } } },
      ]);
      assert.deepEqual(metrics?.from, [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': settings.monitoringNamespace } } }]);
    });

    it('let the web server be reached only from the ingress controller', () => {
      assert.deepEqual(policy('console-web').ingress, [
        {
          from: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': settings.ingressNamespace } } }],
          ports: [{ protocol: 'TCP', port: WEB_PORT }],
        },
      ]);
    });

    it('let the API out only to Postgres, Redis, HTTPS outside the cluster and DNS', () => {
      const ports = (apiPolicy.egress ?? []).flatMap((rule) => (rule.ports ?? []).map((p) => Number(p.port))).sort((a, b) => a - b);
      assert.deepEqual(ports, [53, 53, 443, 5432, 6379]);
    });

    it('let the workers be reached only by monitoring, and out to Postgres, Redis, DNS and the internet on any port, never to a private network', () => {
      const workerPolicy = policy('console-worker');
      assert.deepEqual(workerPolicy.ingress, [
        {
          from: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': settings.monitoringNamespace } } }],
          ports: [{ protocol: 'TCP', port: API_METRICS_PORT }],
        },
      ]);
      const egress = workerPolicy.egress ?? [];
      const internet = egress.filter((rule) => rule.to?.some((peer) => peer.ipBlock?.cidr === '0.0.0.0/0'));
      assert.equal(internet.length, 1);
      assert.deepEqual(internet[0]?.to, [{ ipBlock: { cidr: '0.0.0.0/0', except: [...PRIVATE_IPV4_RANGES] } }]);
      assert.deepEqual(internet[0]?.ports, [{ protocol: 'TCP' }]);
      for (const cidr of [settings.podCidr, settings.databaseCidr, settings.redisCidr, '169.254.169.254/32', '192.168.1.0/24', '172.20.0.0/16']) {
        const [network = ''] = cidr.split('/');
        assert.ok(
          PRIVATE_IPV4_RANGES.some((range) => inRange(network, range)),
          `${cidr} is outside what the internet rule allows`,
        );
      }
      const ports = egress.flatMap((rule) => (rule.ports ?? []).map((p) => p.port).filter((p) => p !== undefined));
      assert.deepEqual(
        ports.map(Number).sort((a, b) => a - b),
        [53, 53, 5432, 6379],
      );
    });

    it('cover every pod the manifests run', () => {
      const policies = all.filter((o) => o.kind === 'NetworkPolicy') as INetworkPolicy[];
      const selected = new Set(policies.map((p) => p.spec?.podSelector?.matchLabels?.['app.kubernetes.io/name']));
      for (const object of all.filter((o) => o.kind === 'Deployment' || o.kind === 'Job')) {
        const pod = defined((object as IDeployment | IJob).spec?.template.metadata?.labels, 'pod labels');
        assert.ok(selected.has(pod['app.kubernetes.io/name']), object.metadata.name);
      }
    });
  });
});

// Issue 29: deploy/kubernetes is what docs/operations.md promises. The base
// kustomization only lists resources (no transformers), so the objects
// checked here are exactly the ones `kubectl apply -k` sends: each is
// validated against Kubernetes' own schema (kubernetes-models), then held to
// that page: probes that mean something, a locked-down security context,
// resources, graceful stops, and the same configuration names as
// docker-compose.yml and the service's Config.
import { describe, expect, it } from '@jest/globals';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigMap, Secret, Service, type IContainer, type IPodSpec } from 'kubernetes-models/v1';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { PodMonitor, ServiceMonitor } from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1';
import { parse, parseAllDocuments } from 'yaml';
import { Config } from '../src/config/config.js';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const base = path.join(repoRoot, 'deploy/kubernetes');

const MODELS = {
  ConfigMap,
  Secret,
  Service,
  Deployment,
  HorizontalPodAutoscaler,
  Ingress,
  PodDisruptionBudget,
  ServiceMonitor,
  PodMonitor,
};
type Kind = keyof typeof MODELS;
interface K8sObject {
  apiVersion: string;
  kind: Kind;
  metadata: { name: string; labels?: Record<string, string> };
  [field: string]: unknown;
}

function rendered(): K8sObject[] {
  const kustomization = parse(readFileSync(path.join(base, 'kustomization.yaml'), 'utf8')) as Record<string, unknown>;
  // Anything besides the resource list would transform them, and this test would not see what is applied.
  expect(Object.keys(kustomization).sort()).toEqual(['apiVersion', 'kind', 'resources']);
  return (kustomization.resources as string[]).flatMap((file) =>
    parseAllDocuments(readFileSync(path.join(base, file), 'utf8')).map((doc) => doc.toJS() as K8sObject),
  );
}

const objects = rendered();
const find = <T = K8sObject>(kind: Kind, name: string): T => {
  const found = objects.find((o) => o.kind === kind && o.metadata.name === name);
  if (!found) throw new Error(`no ${kind} ${name}`);
  return found as T;
};
const deployment = (name: string) =>
  find<{ spec: { selector: { matchLabels: Record<string, string> }; template: { spec: IPodSpec } } }>(
    'Deployment',
    name,
  );
const container = (name: string): IContainer => deployment(name).spec.template.spec.containers[0];

describe('deploy/kubernetes', () => {
  it("every object is valid against Kubernetes' schema for its kind", () => {
    expect(objects.map((o) => `${o.kind}/${o.metadata.name}`).sort()).toEqual([
      'ConfigMap/latchkey',
      'Deployment/latchkey-api',
      'Deployment/latchkey-worker',
      'HorizontalPodAutoscaler/latchkey-api',
      'HorizontalPodAutoscaler/latchkey-worker',
      'Ingress/latchkey',
      'PodDisruptionBudget/latchkey-api',
      'PodDisruptionBudget/latchkey-worker',
      'PodMonitor/latchkey-worker',
      'Secret/latchkey',
      'Service/latchkey-api',
      'ServiceMonitor/latchkey-api',
    ]);
    for (const object of objects) {
      const Model = MODELS[object.kind];
      expect(() => new Model(object as never).validate()).not.toThrow();
    }
  });

  it.each(['latchkey-api', 'latchkey-worker'])(
    '%s: ready when its dependencies answer, alive while it answers, time to migrate',
    (name) => {
      const c = container(name);
      const port = c.ports?.[0]?.name;
      expect(c.readinessProbe?.httpGet).toEqual({ path: '/health', port });
      expect(c.livenessProbe?.httpGet).toEqual({ path: '/health/live', port });
      expect(c.startupProbe?.httpGet).toEqual({ path: '/health/live', port });
      // Migrations run before the process listens: the startup probe allows minutes.
      expect((c.startupProbe?.periodSeconds ?? 10) * (c.startupProbe?.failureThreshold ?? 3)).toBeGreaterThanOrEqual(
        300,
      );
    },
  );

  it.each(['latchkey-api', 'latchkey-worker'])(
    '%s: non-root, read-only root filesystem, no privileges, resources set',
    (name) => {
      const pod = deployment(name).spec.template.spec;
      expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } });
      // The image's `node` user.
      expect(pod.securityContext?.runAsUser).toBe(1000);
      expect(pod.automountServiceAccountToken).toBe(false);
      const c = container(name);
      expect(c.securityContext).toEqual({
        allowPrivilegeEscalation: false,
        readOnlyRootFilesystem: true,
        capabilities: { drop: ['ALL'] },
      });
      // A read-only root still needs a writable /tmp.
      expect(c.volumeMounts).toContainEqual({ name: 'tmp', mountPath: '/tmp' });
      expect(pod.volumes).toContainEqual({ name: 'tmp', emptyDir: {} });
      expect(c.resources?.requests).toEqual({ cpu: expect.any(String), memory: expect.any(String) });
      expect(c.resources?.limits?.memory).toEqual(expect.any(String));
    },
  );

  it('the API drains on SIGTERM: out of the endpoints first, then its own close, within the grace period', () => {
    const pod = deployment('latchkey-api').spec.template.spec;
    const preStop = container('latchkey-api').lifecycle?.preStop?.exec?.command;
    expect(preStop?.[0]).toBe('sleep');
    expect(pod.terminationGracePeriodSeconds).toBeGreaterThan(Number(preStop?.[1]) + 15);
    const strategy = (find('Deployment', 'latchkey-api').spec as { strategy: unknown }).strategy;
    expect(strategy).toEqual({ type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0, maxSurge: 1 } });
  });

  it('the service, autoscalers, disruption budgets and ingress point at the pods they are for', () => {
    const podLabels = (name: string) =>
      (find('Deployment', name).spec as { template: { metadata: { labels: Record<string, string> } } }).template
        .metadata.labels;
    for (const name of ['latchkey-api', 'latchkey-worker']) {
      expect(podLabels(name)).toMatchObject(deployment(name).spec.selector.matchLabels);
      expect(find<{ spec: { selector: { matchLabels: unknown } } }>('PodDisruptionBudget', name).spec.selector).toEqual(
        deployment(name).spec.selector,
      );
      expect(find<{ spec: { scaleTargetRef: unknown } }>('HorizontalPodAutoscaler', name).spec.scaleTargetRef).toEqual({
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        name,
      });
    }
    const service = find<{ spec: { selector: Record<string, string>; ports: { name: string; targetPort: string }[] } }>(
      'Service',
      'latchkey-api',
    );
    expect(podLabels('latchkey-api')).toMatchObject(service.spec.selector);
    expect(service.spec.ports[0].targetPort).toBe(container('latchkey-api').ports?.[0]?.name);
    const ingress = JSON.stringify(find('Ingress', 'latchkey').spec);
    expect(ingress).toContain('"service":{"name":"latchkey-api","port":{"name":"http"}}');
  });

  it('Prometheus scrapes /metrics on the API pods through the service, and on the workers on their probe port', () => {
    const api = container('latchkey-api');
    const metricsPort = api.ports?.find((p) => p.name === 'metrics');
    expect(api.env).toContainEqual({ name: 'METRICS_PORT', value: String(metricsPort?.containerPort) });
    const service = find<{ spec: { selector: object; ports: { name: string; targetPort: string }[] } }>(
      'Service',
      'latchkey-api',
    );
    expect(service.spec.ports).toContainEqual(expect.objectContaining({ name: 'metrics', targetPort: 'metrics' }));
    const serviceMonitor = find<{ spec: { selector: { matchLabels: object }; endpoints: object[] } }>(
      'ServiceMonitor',
      'latchkey-api',
    );
    expect(serviceMonitor.spec.selector.matchLabels).toEqual(service.spec.selector);
    expect(serviceMonitor.spec.endpoints).toEqual([expect.objectContaining({ port: 'metrics', path: '/metrics' })]);

    const worker = container('latchkey-worker');
    const healthPort = worker.ports?.find((p) => p.name === 'health');
    expect(worker.env).toContainEqual({ name: 'WORKER_HEALTH_PORT', value: String(healthPort?.containerPort) });
    const podMonitor = find<{ spec: { selector: object; podMetricsEndpoints: object[] } }>(
      'PodMonitor',
      'latchkey-worker',
    );
    expect(podMonitor.spec.selector).toEqual(deployment('latchkey-worker').spec.selector);
    expect(podMonitor.spec.podMetricsEndpoints).toEqual([
      expect.objectContaining({ port: 'health', path: '/metrics' }),
    ]);
  });

  it("runs the worker the build makes, as docker-compose.yml does; the API runs the image's command", () => {
    const compose = parse(readFileSync(path.join(repoRoot, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
      services: Record<string, { command?: string[] }>;
    };
    const worker = container('latchkey-worker').command;
    expect(worker).toEqual(compose.services.worker.command);
    expect(worker?.[0]).toBe('node');
    // The image's /app/dist is apps/api/dist (Dockerfile), built before the e2e specs run.
    expect(existsSync(path.join(repoRoot, 'apps/api', worker![1]))).toBe(true);
    expect(container('latchkey-api').command).toBeUndefined();
    expect(compose.services.api.command).toBeUndefined();
  });

  it('uses the configuration names of docker-compose.yml and of the service, and keeps secrets in the Secret', () => {
    const known = new Set(Object.keys(new Config()));
    const configMap = Object.keys(find<{ data: object }>('ConfigMap', 'latchkey').data);
    const secret = Object.keys(find<{ stringData: object }>('Secret', 'latchkey').stringData);
    const containerEnv = ['latchkey-api', 'latchkey-worker'].flatMap((name) =>
      (container(name).env ?? []).map((e) => e.name),
    );
    const kubernetesNames = [...configMap, ...secret, ...containerEnv];
    for (const name of kubernetesNames) expect(known).toContain(name);
    expect(secret.sort()).toEqual(['DATABASE_URL', 'MASTER_KEY', 'REDIS_URL']);
    for (const name of ['latchkey-api', 'latchkey-worker']) {
      expect(container(name).envFrom).toEqual([
        { configMapRef: { name: 'latchkey' } },
        { secretRef: { name: 'latchkey' } },
      ]);
    }

    const compose = parse(readFileSync(path.join(repoRoot, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
      services: Record<string, { environment?: Record<string, unknown> }>;
    };
    const composeNames = new Set(
      ['api', 'worker'].flatMap((service) => Object.keys(compose.services[service].environment ?? {})),
    );
    expect([...composeNames].sort()).toEqual([...new Set(kubernetesNames)].sort());
  });
});

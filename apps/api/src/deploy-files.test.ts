import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { configSchema } from './config.ts';
// Deployment files configure both programs, so this one test reads both schemas (apps otherwise never
// import each other): a variable set in deploy/ that neither declares would be silently ignored.
// eslint-disable-next-line no-restricted-imports
import { workerConfigSchema } from '../../worker/src/config.ts';

/**
 * The deployment files (deploy/: Dockerfile, compose.yaml, nginx.conf, .env.example, k8s/*.yaml) against
 * the code they deploy: every environment variable they give a Mirage container is one its config schema
 * declares, and the facts the deployment depends on hold (probes, non-root user, SSE-friendly proxies,
 * grace periods longer than the programs' own).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const deploy = (file: string) => path.join(root, 'deploy', file);
const read = (file: string) => readFileSync(file, 'utf8');

const API_VARIABLES = new Set(Object.keys(configSchema.in.shape));
const WORKER_VARIABLES = new Set(Object.keys(workerConfigSchema.shape));
/** Variables of the third-party images (PostgreSQL, MinIO and its client), not Mirage's. */
const THIRD_PARTY_VARIABLE = /^(POSTGRES|MINIO)_/;
const WORKER_ENTRY = 'apps/worker/dist/main.js';
const API_COMMAND = ['node', '--max-semi-space-size=32', 'apps/api/dist/main.js'];

type Json = Record<string, unknown>;
const record = (value: unknown): Json => {
  expect(value, 'a YAML mapping').toBeTypeOf('object');
  return value as Json;
};
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
/** The one item of a list (failing the test otherwise). */
function only<T>(items: T[], what: string): T {
  expect(items, what).toHaveLength(1);
  return items[0] as T;
}

/** Docker/Compose durations ("30s", "1m30s") in seconds. */
function seconds(duration: string): number {
  const parts = [...duration.matchAll(/(\d+)(h|m|s)/g)];
  expect(parts.map((part) => part[0]).join(''), `duration ${duration}`).toBe(duration);
  return parts.reduce((sum, [, n, unit]) => sum + Number(n) * { h: 3600, m: 60, s: 1 }[unit as 'h'], 0);
}

/** The variables a program's schema lacks, for an `expect(...).toEqual([])` that names them. */
const undeclared = (names: Iterable<string>, declared: Set<string>) =>
  [...names].filter((name) => !declared.has(name));

describe('the schemas this test reads', () => {
  it('are the real ones', () => {
    for (const name of ['DATABASE_URL', 'TRUST_PROXY', 'SHUTDOWN_GRACE_MS'])
      expect(API_VARIABLES).toContain(name);
    for (const name of ['S3_ENDPOINT', 'S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'])
      expect(API_VARIABLES).toContain(name);
    expect(API_VARIABLES).toContain('S3_FORCE_PATH_STYLE');
    expect(WORKER_VARIABLES).toContain('WORKER_TOKEN');
    expect(API_VARIABLES).not.toContain('WORKER_TOKEN');
  });
});

describe('deploy/Dockerfile', () => {
  const dockerfile = read(deploy('Dockerfile')).replace(/\\\n\s*/g, ' ');
  const lines = dockerfile.split('\n').filter((line) => line.trim() && !line.trimStart().startsWith('#'));
  const lastStage = lines.slice(lines.findLastIndex((line) => line.startsWith('FROM ')));

  it('builds on the pinned Node 22 slim image and runs the API as `npm run serve` does', () => {
    expect(lines).toContain('ARG NODE_IMAGE=node:22-bookworm-slim');
    for (const from of lines.filter((line) => line.startsWith('FROM ')))
      expect(from).toMatch(/^FROM (\$\{NODE_IMAGE\}|[a-z-]+) AS [a-z-]+$/);
    const cmd = lastStage.find((line) => line.startsWith('CMD '));
    expect(JSON.parse(cmd?.slice(4) ?? 'null')).toEqual(API_COMMAND);
    const scripts = (JSON.parse(read(path.join(root, 'package.json'))) as { scripts: Record<string, string> })
      .scripts;
    expect(API_COMMAND.join(' ')).toBe(scripts.serve);
  });

  it('runs as the non-root uid 10001, exposes 8080 and checks /api/health/live', () => {
    const user = lastStage.filter((line) => line.startsWith('USER '));
    expect(user).toEqual(['USER 10001:10001']);
    expect(lastStage).toContain('EXPOSE 8080');
    expect(lastStage.find((line) => line.startsWith('HEALTHCHECK '))).toContain('/api/health/live');
  });

  it('copies every build output Node loads in production', () => {
    const copied = lastStage
      .filter((line) => line.startsWith('COPY --from=build '))
      .map((line) => line.split(' ')[2]);
    // The programs, and the web app the API serves.
    for (const folder of ['/app/apps/api/dist', '/app/apps/worker/dist', '/app/apps/web/dist'])
      expect(copied).toContain(folder);
    // Every workspace package the programs import, by the folders its `exports` name for Node (the
    // default condition; TypeScript targets serve only the `source` condition of development).
    const manifest = (folder: string) =>
      JSON.parse(read(path.join(root, folder, 'package.json'))) as {
        name: string;
        dependencies?: Record<string, string>;
        exports?: Record<string, unknown>;
      };
    const workspaces = (JSON.parse(read(path.join(root, 'package.json'))) as { workspaces: string[] })
      .workspaces;
    const folderOf = new Map(workspaces.map((folder) => [manifest(folder).name, folder]));
    const needed = new Set<string>();
    const visit = (folder: string) => {
      for (const dependency of Object.keys(manifest(folder).dependencies ?? {})) {
        const dependencyFolder = folderOf.get(dependency);
        if (!dependencyFolder || needed.has(dependencyFolder)) continue;
        needed.add(dependencyFolder);
        visit(dependencyFolder);
      }
    };
    visit('apps/api');
    visit('apps/worker');
    expect([...needed].sort()).toContain('packages/i18n');
    for (const folder of needed) {
      const targets = Object.values(manifest(folder).exports ?? {}).map((target) =>
        typeof target === 'string' ? target : String(record(target).default),
      );
      for (const target of targets.filter((target) => !target.endsWith('.ts'))) {
        const top = target.replace(/^\.\//, '').split('/')[0];
        expect(copied, `${folder}'s export ${target}`).toContain(`/app/${folder}/${top}`);
      }
    }
  });

  it('keeps the host’s node_modules, builds and secrets out of the build context', () => {
    const ignored = read(path.join(root, '.dockerignore')).split('\n');
    for (const pattern of ['**/node_modules', '**/dist', '**/.env']) expect(ignored).toContain(pattern);
  });
});

describe('deploy/compose.yaml and deploy/.env.example', () => {
  const composeText = read(deploy('compose.yaml'));
  const compose = record(parse(composeText, { merge: true }));
  const services = Object.entries(record(compose.services)).map(
    ([name, service]) => [name, record(service)] as const,
  );
  const isMirage = (service: Json) => service.image === 'mirage:latest';
  const isWorker = (service: Json) => list(service.command).includes(WORKER_ENTRY);
  const environment = (service: Json) => record(service.environment ?? {});
  const apis = services.filter(([, service]) => isMirage(service) && !isWorker(service));
  const workers = services.filter(([, service]) => isMirage(service) && isWorker(service));

  const example = new Map(
    read(deploy('.env.example'))
      .split('\n')
      .filter((line) => line.trim() && !line.startsWith('#'))
      .map((line) => {
        const at = line.indexOf('=');
        expect(at, `an .env line: ${line}`).toBeGreaterThan(0);
        return [line.slice(0, at), line.slice(at + 1)] as const;
      }),
  );
  // ${NAME}, ${NAME:-default}, ${NAME:?message}; $$ is a literal $ for the container's shell.
  const referenced = new Set(
    [...composeText.matchAll(/(?<!\$)\$\{([A-Z0-9_]+)/g)].map((match) => String(match[1])),
  );

  it('gives the API and the worker only variables their schemas declare', () => {
    expect(apis.length).toBeGreaterThanOrEqual(2);
    expect(workers).toHaveLength(1);
    for (const [name, service] of apis)
      expect(undeclared(Object.keys(environment(service)), API_VARIABLES), name).toEqual([]);
    for (const [name, service] of workers)
      expect(undeclared(Object.keys(environment(service)), WORKER_VARIABLES), name).toEqual([]);
    for (const [name, service] of services.filter(([, service]) => !isMirage(service))) {
      const foreign = Object.keys(environment(service)).filter((key) => !THIRD_PARTY_VARIABLE.test(key));
      expect(undeclared(foreign, API_VARIABLES), name).toEqual([]);
    }
  });

  it('documents every ${VARIABLE} in .env.example, and uses every one it lists', () => {
    expect([...referenced].filter((name) => !example.has(name))).toEqual([]);
    expect([...example.keys()].filter((name) => !referenced.has(name))).toEqual([]);
    const known = (name: string) =>
      API_VARIABLES.has(name) || WORKER_VARIABLES.has(name) || THIRD_PARTY_VARIABLE.test(name);
    expect([...example.keys()].filter((name) => !known(name))).toEqual([]);
  });

  it('ships no secret values in .env.example', () => {
    const secret = /SECRET|PASSWORD|TOKEN|_KEY$|SALT/;
    const filled = [...example].filter(([name, value]) => secret.test(name) && value !== '');
    expect(filled).toEqual([]);
  });

  it('runs the API instances behind the proxy with readiness checks and a drain shorter than the stop', () => {
    for (const [name, service] of apis) {
      const env = environment(service);
      expect(list(record(service.healthcheck).test).join(' '), name).toContain('/api/health/ready');
      expect(env.TRUST_PROXY, name).toBe('true');
      expect(env.LOCAL_WORKER, name).toBe('false');
      expect(service.ports, `${name} is reached through the proxy only`).toBeUndefined();
      expect(seconds(String(service.stop_grace_period)) * 1000).toBeGreaterThan(
        Number(env.SHUTDOWN_GRACE_MS),
      );
    }
    const nginx = read(deploy('nginx.conf'));
    for (const [name] of apis) expect(nginx).toContain(`server ${name}:8080`);
  });

  it('lets the worker finish its job before it is killed, and skips the image’s HTTP health check', () => {
    for (const [name, service] of workers) {
      const graceful = Number(environment(service).GRACEFUL_SECONDS);
      expect(seconds(String(service.stop_grace_period)), name).toBeGreaterThan(graceful);
      expect(record(service.healthcheck).disable, name).toBe(true);
    }
  });
});

describe('deploy/nginx.conf', () => {
  const nginx = read(deploy('nginx.conf'));
  const location = (match: string) => {
    const start = nginx.indexOf(`location ${match} {`);
    expect(start, `location ${match}`).toBeGreaterThanOrEqual(0);
    return nginx.slice(start, nginx.indexOf('}', start));
  };

  it('streams server-sent events unbuffered, for an hour', () => {
    for (const stream of ['= /api/events', '= /api/tasks/monitor']) {
      const block = location(stream);
      expect(block).toMatch(/proxy_buffering off;/);
      expect(seconds(/proxy_read_timeout (\w+);/.exec(block)?.[1] ?? '')).toBeGreaterThanOrEqual(3600);
    }
  });

  it('overwrites X-Forwarded-For (the API trusts it) and forwards the scheme', () => {
    expect(nginx).toContain('proxy_set_header X-Forwarded-For $remote_addr;');
    expect(nginx).toContain('proxy_set_header X-Forwarded-Proto $scheme;');
  });
});

describe('deploy/k8s', () => {
  const folder = deploy('k8s');
  const objects = readdirSync(folder)
    .filter((file) => file.endsWith('.yaml'))
    .flatMap((file) =>
      parseAllDocuments(read(path.join(folder, file))).map((document) => record(document.toJS())),
    );
  const ofKind = (kind: string) => objects.filter((object) => object.kind === kind);
  const named = (kind: string, name: string) => {
    const found = ofKind(kind).find((object) => record(object.metadata).name === name);
    expect(found, `${kind} ${name}`).toBeDefined();
    return record(found);
  };
  const podSpec = (deployment: Json) => record(record(record(deployment.spec).template).spec);
  const containers = (deployment: Json) => list(podSpec(deployment).containers).map(record);
  const deployments = ofKind('Deployment');
  const isWorker = (deployment: Json) =>
    containers(deployment).some((c) => list(c.command).includes(WORKER_ENTRY));
  const api = only(
    deployments.filter((deployment) => !isWorker(deployment)),
    'the API Deployment',
  );
  const worker = only(deployments.filter(isWorker), 'the worker Deployment');
  const apiContainer = only(containers(api), 'the API container');
  const workerContainer = only(containers(worker), 'the worker container');

  /** Every variable a container gets: its env entries and the keys of the ConfigMaps and Secrets it reads. */
  const variables = (container: Json) => {
    const names = new Map<string, unknown>(
      list(container.env).map((entry) => [String(record(entry).name), record(entry).value]),
    );
    for (const source of list(container.envFrom).map(record)) {
      const [kind, reference] = source.configMapRef
        ? ['ConfigMap', source.configMapRef]
        : ['Secret', source.secretRef];
      const object = named(kind, String(record(reference).name));
      for (const [key, value] of Object.entries(record(object.data ?? object.stringData ?? {})))
        names.set(key, value);
    }
    return names;
  };

  it('gives the API and the worker only variables their schemas declare, and no ConfigMap or Secret goes unused', () => {
    const used = new Set<string>();
    for (const [deployment, declared] of [
      [api, API_VARIABLES],
      [worker, WORKER_VARIABLES],
    ] as const) {
      for (const container of containers(deployment)) {
        expect(
          undeclared(variables(container).keys(), declared),
          String(record(deployment.metadata).name),
        ).toEqual([]);
        for (const source of list(container.envFrom).map(record))
          used.add(String(record(source.configMapRef ?? source.secretRef).name));
      }
    }
    // A Secret mounted as files (the Content Credentials signer, C2PA_CERT and C2PA_KEY) is used too.
    for (const volume of list(podSpec(api).volumes).map(record))
      if (volume.secret) used.add(String(record(volume.secret).secretName));
    for (const object of [...ofKind('ConfigMap'), ...ofKind('Secret')])
      expect(used).toContain(record(object.metadata).name);
  });

  it('runs two API replicas, non-root, with probes, resources and a grace period longer than the drain', () => {
    expect(record(api.spec).replicas).toBeGreaterThanOrEqual(2);
    const pod = podSpec(api);
    expect(record(pod.securityContext)).toMatchObject({ runAsNonRoot: true, runAsUser: 10001 });
    const container = apiContainer;
    expect(record(record(container.readinessProbe).httpGet).path).toBe('/api/health/ready');
    expect(record(record(container.livenessProbe).httpGet).path).toBe('/api/health/live');
    const resources = record(container.resources);
    expect(Object.keys(record(resources.requests)).sort()).toEqual(['cpu', 'memory']);
    expect(record(resources.limits).memory).toBeDefined();
    const env = variables(container);
    expect(env.get('TRUST_PROXY')).toBe('true');
    const preStop = Number(list(record(record(record(container.lifecycle).preStop).exec).command)[1] ?? 0);
    expect(Number(pod.terminationGracePeriodSeconds) * 1000).toBeGreaterThan(
      Number(env.get('SHUTDOWN_GRACE_MS')) + preStop * 1000,
    );
  });

  it('gives the worker its GRACEFUL_SECONDS before it is killed', () => {
    const graceful = Number(variables(workerContainer).get('GRACEFUL_SECONDS'));
    expect(podSpec(worker).terminationGracePeriodSeconds).toBeGreaterThan(graceful);
    expect(record(podSpec(worker).securityContext)).toMatchObject({
      runAsNonRoot: true,
      runAsUser: 10001,
    });
  });

  it('routes the Service, the Ingress and the HPA to the API', () => {
    const name = String(record(api.metadata).name);
    const labels = record(record(record(record(api.spec).template).metadata).labels);
    const service = only(ofKind('Service'), 'the Service');
    expect(labels).toMatchObject(record(record(service.spec).selector));
    const hpaSpec = record(only(ofKind('HorizontalPodAutoscaler'), 'the HPA').spec);
    expect(record(hpaSpec.scaleTargetRef).name).toBe(name);
    expect(hpaSpec.minReplicas).toBeGreaterThanOrEqual(2);
    expect(list(hpaSpec.metrics).map((metric) => record(record(metric).resource).name)).toContain('cpu');
    const publicHost = new URL(String(variables(apiContainer).get('PUBLIC_URL'))).host;
    for (const ingress of ofKind('Ingress')) {
      for (const rule of list(record(ingress.spec).rules).map(record)) {
        expect(rule.host).toBe(publicHost);
        for (const entry of list(record(rule.http).paths).map(record))
          expect(record(record(entry.backend).service).name).toBe(record(service.metadata).name);
      }
    }
  });

  it('serves the event streams through an Ingress without buffering and with an hour’s timeouts', () => {
    const paths = (ingress: Json) =>
      list(record(ingress.spec).rules).flatMap((rule) =>
        list(record(record(rule).http).paths).map((p) => record(p).path),
      );
    const streams = only(
      ofKind('Ingress').filter((ingress) => paths(ingress).includes('/api/events')),
      'the Ingress of /api/events',
    );
    expect(paths(streams)).toContain('/api/tasks/monitor');
    const annotations = record(record(streams.metadata).annotations);
    expect(annotations['nginx.ingress.kubernetes.io/proxy-buffering']).toBe('off');
    expect(Number(annotations['nginx.ingress.kubernetes.io/proxy-read-timeout'])).toBeGreaterThanOrEqual(
      3600,
    );
    expect(Number(annotations['nginx.ingress.kubernetes.io/proxy-send-timeout'])).toBeGreaterThanOrEqual(
      3600,
    );
  });
});

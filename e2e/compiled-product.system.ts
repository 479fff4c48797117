import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { TASK_STATE } from '@mirage/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './support/server.ts';

/**
 * The product as `npm start` runs it: compiled JavaScript only (README: production never runs a
 * development transpiler, and Node 20 cannot strip types). The API, the local worker agent it spawns and
 * the workspace packages they import are built by `npm run build:server`, then started under a preload
 * that refuses any TypeScript module or transpiler; one image goes through the whole path (queue, worker
 * agent, image-processing thread). Worker threads do not run the preload on Node 20, but the thread's
 * entry is compiled too and Node 20 cannot load a .ts file without a loader.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const NO_TYPESCRIPT = pathToFileURL(path.join(root, 'e2e/support/no-typescript.mjs')).href;
const BUILT = ['apps/api/dist', 'apps/worker/dist', 'packages/domain/dist', 'packages/preview-renderer/dist'];

let server: RunningServer | undefined;

beforeAll(() => {
  const build = spawnSync('npm', ['run', 'build:server'], { cwd: root, encoding: 'utf8' });
  expect(build.status, `${build.stdout}\n${build.stderr}`).toBe(0);
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((name) => path.join(dir, name));
}

/** The module specifiers of one compiled file (static imports and re-exports, dynamic imports). */
function specifiersOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [
    ...text.matchAll(/^(?:import|export)\b[^;'"]*?\bfrom\s*['"]([^'"]+)['"]/gm),
    ...text.matchAll(/^import\s*['"]([^'"]+)['"]/gm),
    ...text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g),
  ].map((match) => match[1]!);
}

describe('compiled product', () => {
  it('imports only JavaScript that the build wrote, and no transpiler', () => {
    const problems: string[] = [];
    let checked = 0;
    for (const dir of BUILT) {
      for (const file of filesUnder(path.join(root, dir)).filter((name) => name.endsWith('.js'))) {
        checked++;
        for (const specifier of specifiersOf(file)) {
          const where = `${path.relative(root, file)}: ${specifier}`;
          if (/^(tsx|ts-node|vite-node)(\/|$)/.test(specifier)) problems.push(`transpiler ${where}`);
          if (!specifier.startsWith('.')) continue;
          const target = path.resolve(path.dirname(file), specifier);
          if (!specifier.endsWith('.js') || !existsSync(target)) problems.push(`not a built file ${where}`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(100);
  });

  it('refuses TypeScript under the preload (control: the guard is live)', () => {
    const attempt = spawnSync(
      process.execPath,
      [
        '--import',
        NO_TYPESCRIPT,
        '--input-type=module',
        '-e',
        "await import('@mirage/domain/password-strength')",
      ],
      { cwd: root, encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '--conditions=source' } },
    );
    expect(attempt.status).not.toBe(0);
    expect(attempt.stderr).toContain('TypeScript in the compiled product');
  });

  it('serves the API and has the local worker agent paint an image, with no TypeScript loaded', async () => {
    server = await startServer({
      env: { NODE_OPTIONS: `--import=${NO_TYPESCRIPT}`, IMAGE_THREADS: '1', GUEST_SAMPLES: 'false' },
    });
    const { url } = server;
    const origin = new URL(url).origin;
    const signUp = await fetch(`${url}/api/user/create`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json' },
      body: JSON.stringify({
        username: 'compiledone',
        email: 'compiled@example.com',
        pwd: 'lighthouse-dusk-1',
      }),
    });
    expect(signUp.status).toBe(201);
    const cookie = signUp.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');

    const stream = await fetch(`${url}/api/tasks/monitor`, { headers: { cookie } });
    const created = await fetch(`${url}/api/tasks/txt2img`, {
      method: 'POST',
      headers: { cookie, origin, 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: 'a lighthouse at dusk', neg_prompt: 'blurry', style_id: 1, seed: 11 }),
    });
    expect(created.status).toBe(200);
    const { task_id: taskId } = (await created.json()) as { task_id: string };

    const imageUuid = await finishedImage(stream, taskId);
    const thumbnail = await fetch(`${url}/images/${imageUuid}-min.webp`);
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get('content-type')).toBe('image/webp');
  });
});

/** Reads the monitor stream until the task is done; its image's uuid. */
async function finishedImage(stream: Response, taskId: string): Promise<string> {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of stream.body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      const frame = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = /^data: (.*)$/m.exec(frame)?.[1];
      if (!frame.startsWith('event: tasks') || !data) continue;
      const views = JSON.parse(data) as { task_id: string; state: number; image_uuid: string | null }[];
      const view = views.find((candidate) => candidate.task_id === taskId);
      if (view?.state === TASK_STATE.Fail) throw new Error(`the task failed: ${data}`);
      // Leaving the loop cancels the stream.
      if (view?.state === TASK_STATE.Done && view.image_uuid) return view.image_uuid;
    }
  }
  throw new Error('the task stream ended before the task was done');
}

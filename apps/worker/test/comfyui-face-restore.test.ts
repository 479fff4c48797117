import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import type { WorkerJob } from '@mirage/domain';
import { ComfyUIEngine } from '../src/engines/comfyui.ts';
import { buildWorkflow } from '../src/engines/comfyui-workflow.ts';
import { FakeComfyUI } from './fakes/fake-comfyui.ts';
import type { FakeComfyOptions } from './fakes/fake-comfyui.ts';
import { jobFor, makeJob } from './fakes/jobs.ts';

let fake: FakeComfyUI | null = null;
const logs: string[] = [];

afterEach(async () => {
  await fake?.close();
  fake = null;
  logs.length = 0;
});

async function setup(options: FakeComfyOptions = {}) {
  fake = await FakeComfyUI.start(options);
  const engine = new ComfyUIEngine({ baseUrl: fake.url, pollIntervalMs: 50, log: (m) => logs.push(m) });
  return { fake, engine };
}

async function run(engine: ComfyUIEngine, job: WorkerJob) {
  const result = await engine.run(job, { onProgress: () => undefined, signal: new AbortController().signal });
  const meta = await sharp(result.png).metadata();
  return [meta.width, meta.height];
}

const classes = (prompt: Record<string, { class_type?: unknown }> | undefined) =>
  Object.values(prompt ?? {}).map((node) => node.class_type);
const objectInfoRequests = (f: FakeComfyUI) => f.requests.filter((r) => r.startsWith('GET /object_info'));

describe('ComfyUI face restore (facerestore_cf custom nodes)', () => {
  it('restores faces when the server has the nodes and a model: the workflow carries them, wired', async () => {
    const { fake, engine } = await setup({ faceRestoreModels: ['GFPGANv1.4.pth', 'codeformer-v0.1.0.pth'] });
    const job = makeJob({ face_restore: true });
    expect(await run(engine, job)).toEqual([512, 704]);
    const prompt = fake.prompts[0]?.prompt;
    expect(prompt).toEqual(
      buildWorkflow(job, undefined, {
        model: 'codeformer-v0.1.0.pth',
        inputs: { facedetection: 'retinaface_resnet50', codeformer_fidelity: 0.5 },
      }),
    );
    expect(prompt?.['7']).toEqual({
      class_type: 'FaceRestoreModelLoader',
      inputs: { model_name: 'codeformer-v0.1.0.pth' },
    });
    expect(prompt?.['8']?.class_type).toBe('FaceRestoreCFWithModel');
    expect(prompt?.['8']?.inputs).toMatchObject({ facerestore_model: ['7', 0], image: ['6', 0] });
    expect(prompt?.['9']).toMatchObject({ class_type: 'SaveImage', inputs: { images: ['8', 0] } });

    // Hires and model upscale: still the exact size; the server is asked only once.
    const upscale = { factor: 2 as const, model: '4x-UltraSharp.pth' };
    expect(await run(engine, jobFor('portrait', 'standard', { upscale, face_restore: true }))).toEqual([
      1664, 2288,
    ]);
    expect(classes(fake.prompts[1]?.prompt)).toContain('FaceRestoreCFWithModel');
    expect(objectInfoRequests(fake).sort()).toEqual([
      'GET /object_info/FaceRestoreCFWithModel',
      'GET /object_info/FaceRestoreModelLoader',
    ]);
    expect(logs.filter((l) => l.includes('face restore'))).toEqual([
      'comfyui: face restore with FaceRestoreCFWithModel and codeformer-v0.1.0.pth',
    ]);
  });

  it('runs the unchanged workflow on a server without the nodes, and says so once', async () => {
    const { fake, engine } = await setup();
    const job = makeJob({ face_restore: true });
    expect(await run(engine, job)).toEqual([512, 704]);
    expect(await run(engine, job)).toEqual([512, 704]);
    expect(fake.prompts.map((p) => p.prompt)).toEqual([buildWorkflow(job), buildWorkflow(job)]);
    expect(classes(fake.prompts[0]?.prompt).some((c) => String(c).startsWith('FaceRestore'))).toBe(false);
    expect(logs.filter((l) => l.includes('face restore'))).toEqual([
      'comfyui: face restore unavailable (no FaceRestoreModelLoader/FaceRestoreCFWithModel nodes (facerestore_cf)); jobs asking for it are run without it',
    ]);
  });

  it('runs the unchanged workflow when the nodes have no model to load', async () => {
    const { fake, engine } = await setup({ faceRestoreModels: [] });
    const job = makeJob({ face_restore: true });
    await run(engine, job);
    expect(fake.prompts[0]?.prompt).toEqual(buildWorkflow(job));
    expect(logs.some((l) => l.includes('no face-restore model'))).toBe(true);
  });

  it('asks nothing and adds nothing for a job without face restore', async () => {
    const { fake, engine } = await setup({ faceRestoreModels: ['codeformer-v0.1.0.pth'] });
    const job = makeJob();
    await run(engine, job);
    expect(fake.prompts[0]?.prompt).toEqual(buildWorkflow(job));
    expect(objectInfoRequests(fake)).toEqual([]);
  });

  it('is what the fake server validates: a restore node without its model link is refused', async () => {
    const { fake } = await setup({ faceRestoreModels: ['codeformer-v0.1.0.pth'] });
    const wf = buildWorkflow(makeJob({ face_restore: true }), undefined, {
      model: 'codeformer-v0.1.0.pth',
      inputs: { facedetection: 'retinaface_resnet50', codeformer_fidelity: 0.5 },
    });
    const broken = structuredClone(wf);
    delete broken['8']?.inputs.facerestore_model;
    const post = (prompt: unknown) =>
      fetch(`${fake.url}/prompt`, { method: 'POST', body: JSON.stringify({ prompt }) });
    expect((await post(wf)).status).toBe(200);
    const refused = await post(broken);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain('required_input_missing');
  });
});

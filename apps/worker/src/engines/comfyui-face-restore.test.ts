import { describe, expect, it, vi } from 'vitest';
import { nodeSpecs, objectInfo } from '../../test/fakes/fake-comfyui-graph.ts';
import { jobFor, makeJob } from '../../test/fakes/jobs.ts';
import { FaceRestoreDiscovery, faceRestoreSupport, type FaceRestore } from './comfyui-face-restore.ts';
import { buildWorkflow } from './comfyui-workflow.ts';
import { HttpStatusError } from './http.ts';

const JOB_ID = makeJob().id;
const info = (faceRestoreModels?: string[]) =>
  objectInfo(
    nodeSpecs({ checkpoints: [], loras: [], upscaleModels: [], uploads: () => [], faceRestoreModels }),
  );
const CODEFORMER: FaceRestore = {
  model: 'codeformer-v0.1.0.pth',
  inputs: { facedetection: 'retinaface_resnet50', codeformer_fidelity: 0.5 },
};

describe('faceRestoreSupport (facerestore_cf in /object_info)', () => {
  it('finds both nodes and a model, preferring CodeFormer, and fills the restore inputs', () => {
    expect(faceRestoreSupport(info(['GFPGANv1.4.pth', 'codeformer-v0.1.0.pth']))).toEqual({
      ok: true,
      faceRestore: CODEFORMER,
    });
    const gfpgan = faceRestoreSupport(info(['RestoreFormer.pth', 'GFPGANv1.4.pth']));
    expect(gfpgan).toMatchObject({ ok: true, faceRestore: { model: 'GFPGANv1.4.pth' } });
    const other = faceRestoreSupport(info(['RestoreFormer.pth']));
    expect(other).toMatchObject({ ok: true, faceRestore: { model: 'RestoreFormer.pth' } });
  });

  it('says why when the nodes or a model are missing', () => {
    expect(faceRestoreSupport(info())).toEqual({
      ok: false,
      reason: 'no FaceRestoreModelLoader/FaceRestoreCFWithModel nodes (facerestore_cf)',
    });
    expect(faceRestoreSupport(info([]))).toEqual({
      ok: false,
      reason: 'no face-restore model in models/facerestore_models',
    });
    expect(faceRestoreSupport(null)).toMatchObject({ ok: false });
    const loaderOnly = info(['codeformer.pth']);
    delete loaderOnly.FaceRestoreCFWithModel;
    expect(faceRestoreSupport(loaderOnly)).toMatchObject({ ok: false });
  });

  it("reads a fork's inputs (an on/off switch, restore_fidelity), V3 combos and declared defaults", () => {
    const fork = {
      FaceRestoreModelLoader: {
        input: { required: { model_name: ['COMBO', { options: ['codeformer.pth'] }] } },
      },
      FaceRestoreCFWithModel: {
        input: {
          required: {
            switch: ['BOOLEAN', { default: false, label_off: 'OFF', label_on: 'ON' }],
            facerestore_model: ['FACERESTORE_MODEL'],
            image: ['IMAGE'],
            facedetection: [['YOLOv5l', 'YOLOv5n']],
            restore_fidelity: ['FLOAT', { default: 0.5, min: 0, max: 1, step: 0.05 }],
            paste_mode: [['soft', 'hard'], { default: 'soft' }],
          },
        },
      },
    };
    expect(faceRestoreSupport(fork)).toEqual({
      ok: true,
      faceRestore: {
        model: 'codeformer.pth',
        inputs: { switch: true, facedetection: 'YOLOv5l', restore_fidelity: 0.5, paste_mode: 'soft' },
      },
    });
    const unknown = structuredClone(fork);
    Object.assign(unknown.FaceRestoreCFWithModel.input.required, { mystery: ['INT', { min: 0 }] });
    expect(faceRestoreSupport(unknown)).toEqual({
      ok: false,
      reason: "FaceRestoreCFWithModel needs an unknown input 'mystery'",
    });
  });
});

describe('buildWorkflow with face restore', () => {
  it('puts the loader and the restore node between VAEDecode and SaveImage', () => {
    const job = makeJob({ face_restore: true });
    const wf = buildWorkflow(job, undefined, CODEFORMER);
    const plain = buildWorkflow(job);
    // Everything up to VAEDecode is unchanged.
    for (const id of ['1', '2', '3', '4', '5', '6']) expect(wf[id]).toEqual(plain[id]);
    expect(wf['6']?.class_type).toBe('VAEDecode');
    expect(wf['7']).toEqual({
      class_type: 'FaceRestoreModelLoader',
      inputs: { model_name: 'codeformer-v0.1.0.pth' },
    });
    expect(wf['8']).toEqual({
      class_type: 'FaceRestoreCFWithModel',
      inputs: {
        facerestore_model: ['7', 0],
        image: ['6', 0],
        facedetection: 'retinaface_resnet50',
        codeformer_fidelity: 0.5,
      },
    });
    expect(wf['9']).toEqual({
      class_type: 'SaveImage',
      inputs: { images: ['8', 0], filename_prefix: `mirage/${JOB_ID}` },
    });
    expect(Object.keys(wf)).toHaveLength(9);
  });

  it('restores after the hires pass and before the model upscale and the crop', () => {
    const upscale = { factor: 2 as const, model: '4x-UltraSharp.pth' };
    const wf = buildWorkflow(
      jobFor('square', 'ultra', { upscale, face_restore: true }),
      undefined,
      CODEFORMER,
    );
    const byClass = (cls: string) => Object.entries(wf).find(([, node]) => node.class_type === cls);
    const [decode] = byClass('VAEDecode')!;
    const [restore, restoreNode] = byClass('FaceRestoreCFWithModel')!;
    expect(restoreNode.inputs.image).toEqual([decode, 0]);
    expect(byClass('ImageUpscaleWithModel')?.[1].inputs.image).toEqual([restore, 0]);
    const [scale] = byClass('ImageScale')!;
    expect(byClass('SaveImage')?.[1].inputs.images).toEqual([scale, 0]);
    // The plain centre-crop case too.
    const padded = buildWorkflow(jobFor('portrait', 'ultra', { face_restore: true }), undefined, CODEFORMER);
    const crop = Object.values(padded).find((node) => node.class_type === 'ImageScale');
    const restored = Object.entries(padded).find(([, node]) => node.class_type === 'FaceRestoreCFWithModel');
    expect(crop?.inputs.image).toEqual([restored?.[0], 0]);
  });

  it('leaves the workflow unchanged without the nodes, or when the job does not ask', () => {
    const asks = makeJob({ face_restore: true });
    const plain = buildWorkflow(makeJob());
    expect(buildWorkflow(asks)).toEqual(plain);
    expect(buildWorkflow(makeJob(), undefined, CODEFORMER)).toEqual(plain);
  });
});

describe('FaceRestoreDiscovery', () => {
  it('reads a 404 (a server without the per-class route) as no nodes, and remembers it', async () => {
    const objectInfoOf = vi.fn(() =>
      Promise.reject(new HttpStatusError('GET /object_info/x: HTTP 404', false, 404)),
    );
    const log = vi.fn();
    const discovery = new FaceRestoreDiscovery(objectInfoOf, log);
    expect(await discovery.forJob()).toBeNull();
    expect(await discovery.forJob()).toBeNull();
    expect(objectInfoOf).toHaveBeenCalledTimes(2);
    expect(log).toHaveBeenCalledTimes(1);
    expect(log).toHaveBeenCalledWith(expect.stringContaining('face restore unavailable'));
  });

  it('asks the server once for both classes and logs the outcome once', async () => {
    const all = info(['codeformer-v0.1.0.pth']);
    const objectInfoOf = vi.fn((cls: string) => Promise.resolve(cls in all ? { [cls]: all[cls] } : {}));
    const log = vi.fn();
    const discovery = new FaceRestoreDiscovery(objectInfoOf, log);
    const answers = await Promise.all([discovery.forJob(), discovery.forJob(), discovery.forJob()]);
    expect(answers).toEqual([CODEFORMER, CODEFORMER, CODEFORMER]);
    expect(objectInfoOf.mock.calls.map(([cls]) => cls).sort()).toEqual([
      'FaceRestoreCFWithModel',
      'FaceRestoreModelLoader',
    ]);
    expect(log.mock.calls).toEqual([
      ['comfyui: face restore with FaceRestoreCFWithModel and codeformer-v0.1.0.pth'],
    ]);
  });

  it('remembers a server without the nodes (logged once) but asks again after a failed request', async () => {
    let fail = true;
    const objectInfoOf = vi.fn(() =>
      fail ? Promise.reject(new Error('socket hang up')) : Promise.resolve({}),
    );
    const log = vi.fn();
    const discovery = new FaceRestoreDiscovery(objectInfoOf, log);
    expect(await discovery.forJob()).toBeNull();
    expect(log).toHaveBeenLastCalledWith(expect.stringContaining('socket hang up'));
    fail = false;
    expect(await discovery.forJob()).toBeNull();
    expect(await discovery.forJob()).toBeNull();
    expect(objectInfoOf).toHaveBeenCalledTimes(4);
    expect(log.mock.calls.filter(([m]) => String(m).includes('unavailable'))).toHaveLength(1);
  });
});

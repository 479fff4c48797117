import { describe, expect, it } from 'vitest';
import { jobFor, makeJob } from '../../test/fakes/jobs.ts';
import { buildWorkflow, planStep, progressPlan, saveNodeId } from './comfyui-workflow.ts';
import { comboOptions, objectInfoCombo, parseHistory, queueHas, validationError } from './comfyui-parse.ts';

const JOB_ID = makeJob().id;
const sampler = { seed: 42, cfg: 5, sampler_name: 'dpmpp_2m', scheduler: 'karras' };

describe('buildWorkflow', () => {
  it('plain txt2img: checkpoint, prompts, empty latent, sampler, decode, save', () => {
    expect(buildWorkflow(makeJob())).toEqual({
      '1': { class_type: 'CheckpointLoaderSimple', inputs: { ckpt_name: 'sd_xl_base_1.0.safetensors' } },
      '2': {
        class_type: 'CLIPTextEncode',
        inputs: { text: 'a lighthouse at dusk, soft light', clip: ['1', 1] },
      },
      '3': { class_type: 'CLIPTextEncode', inputs: { text: 'blurry, watermark', clip: ['1', 1] } },
      '4': { class_type: 'EmptyLatentImage', inputs: { width: 512, height: 704, batch_size: 1 } },
      '5': {
        class_type: 'KSampler',
        inputs: {
          model: ['1', 0],
          ...sampler,
          positive: ['2', 0],
          negative: ['3', 0],
          steps: 20,
          latent_image: ['4', 0],
          denoise: 1,
        },
      },
      '6': { class_type: 'VAEDecode', inputs: { samples: ['5', 0], vae: ['1', 2] } },
      '7': { class_type: 'SaveImage', inputs: { images: ['6', 0], filename_prefix: `mirage/${JOB_ID}` } },
    });
  });

  it('chains one LoraLoader per LoRA, strength_model = strength_clip = weight', () => {
    const wf = buildWorkflow(
      makeJob({
        loras: [
          { name: 'style.safetensors', weight: 0.8 },
          { name: 'detail_tweaker.safetensors', weight: 0.5 },
        ],
      }),
    );
    expect(wf['2']).toEqual({
      class_type: 'LoraLoader',
      inputs: {
        model: ['1', 0],
        clip: ['1', 1],
        lora_name: 'style.safetensors',
        strength_model: 0.8,
        strength_clip: 0.8,
      },
    });
    expect(wf['3']).toEqual({
      class_type: 'LoraLoader',
      inputs: {
        model: ['2', 0],
        clip: ['2', 1],
        lora_name: 'detail_tweaker.safetensors',
        strength_model: 0.5,
        strength_clip: 0.5,
      },
    });
    expect(wf['4']?.inputs.clip).toEqual(['3', 1]);
    expect(wf['5']?.inputs.clip).toEqual(['3', 1]);
    expect(wf['7']).toMatchObject({ class_type: 'KSampler', inputs: { model: ['3', 0] } });
    expect(Object.keys(wf)).toHaveLength(9);
  });

  it('hires: LatentUpscale to the exact final size, then a second KSampler', () => {
    const wf = buildWorkflow(jobFor('portrait', 'standard'));
    expect(wf['4']).toEqual({
      class_type: 'EmptyLatentImage',
      inputs: { width: 512, height: 704, batch_size: 1 },
    });
    expect(wf['6']).toEqual({
      class_type: 'LatentUpscale',
      inputs: {
        samples: ['5', 0],
        upscale_method: 'nearest-exact',
        width: 832,
        height: 1144,
        crop: 'disabled',
      },
    });
    expect(wf['7']).toEqual({
      class_type: 'KSampler',
      inputs: {
        model: ['1', 0],
        ...sampler,
        positive: ['2', 0],
        negative: ['3', 0],
        steps: 10,
        latent_image: ['6', 0],
        denoise: 0.5,
      },
    });
    expect(wf['8']).toEqual({ class_type: 'VAEDecode', inputs: { samples: ['7', 0], vae: ['1', 2] } });
    expect(wf['9']).toEqual({
      class_type: 'SaveImage',
      inputs: { images: ['8', 0], filename_prefix: `mirage/${JOB_ID}` },
    });
  });

  it('upscale: model upscaler, then ImageScale to exactly twice the final size', () => {
    const wf = buildWorkflow(jobFor('wide', 'high', { upscale: { factor: 2, model: '4x-UltraSharp.pth' } }));
    expect(wf['9']).toEqual({
      class_type: 'UpscaleModelLoader',
      inputs: { model_name: '4x-UltraSharp.pth' },
    });
    expect(wf['10']).toEqual({
      class_type: 'ImageUpscaleWithModel',
      inputs: { upscale_model: ['9', 0], image: ['8', 0] },
    });
    expect(wf['11']).toEqual({
      class_type: 'ImageScale',
      inputs: { image: ['10', 0], upscale_method: 'lanczos', width: 2816, height: 2048, crop: 'disabled' },
    });
    expect(wf['12']).toEqual({
      class_type: 'SaveImage',
      inputs: { images: ['11', 0], filename_prefix: `mirage/${JOB_ID}` },
    });
  });

  it('sizes that are not multiples of 8: a padded latent, then a centre crop to the exact size', () => {
    const wf = buildWorkflow(jobFor('portrait', 'ultra'));
    expect(wf['6']?.inputs).toMatchObject({ width: 1232, height: 1688 });
    expect(wf['9']).toEqual({
      class_type: 'ImageScale',
      inputs: { image: ['8', 0], upscale_method: 'lanczos', width: 1228, height: 1688, crop: 'center' },
    });
    const up = buildWorkflow(jobFor('square', 'ultra', { upscale: { factor: 2, model: 'm.pth' } }));
    expect(up['11']?.inputs).toMatchObject({ width: 2764, height: 2764, crop: 'center' });
  });

  it('upscale job: LoadImage of the uploaded file, model upscale, ImageScale x2, save', () => {
    const job = makeJob({ type: 'upscale', upscale: { factor: 2, model: 'RealESRGAN_x2plus.pth' } });
    expect(buildWorkflow(job, { name: 'mirage-x.png', width: 100, height: 60 })).toEqual({
      '1': { class_type: 'LoadImage', inputs: { image: 'mirage-x.png' } },
      '2': { class_type: 'UpscaleModelLoader', inputs: { model_name: 'RealESRGAN_x2plus.pth' } },
      '3': { class_type: 'ImageUpscaleWithModel', inputs: { upscale_model: ['2', 0], image: ['1', 0] } },
      '4': {
        class_type: 'ImageScale',
        inputs: { image: ['3', 0], upscale_method: 'lanczos', width: 200, height: 120, crop: 'disabled' },
      },
      '5': { class_type: 'SaveImage', inputs: { images: ['4', 0], filename_prefix: `mirage/${job.id}` } },
    });
    expect(() => buildWorkflow(job)).toThrow(/source image/);
    expect(() => buildWorkflow(makeJob({ type: 'inpaint' }))).toThrow(/not supported/);
  });

  it('maps per-node progress to one bar over both samplers and the upscaler', () => {
    const wf = buildWorkflow(jobFor('portrait', 'standard', { upscale: { factor: 2, model: 'm.pth' } }));
    const plan = progressPlan(wf);
    expect(plan.total).toBe(31);
    expect(planStep(plan, '5', 10, 20)).toEqual({ step: 10, max: 31 });
    expect(planStep(plan, '7', 5, 10)).toEqual({ step: 25, max: 31 });
    expect(planStep(plan, '10', 0, 4)).toEqual({ step: 30, max: 31 });
    expect(planStep(plan, '10', 4, 4)).toEqual({ step: 31, max: 31 });
    expect(planStep(plan, '8', 1, 1)).toBeNull();
    expect(saveNodeId(wf)).toBe('12');
  });
});

describe('ComfyUI answers', () => {
  it('turns a 400 with node_errors into a readable message', () => {
    const body = {
      error: {
        type: 'prompt_outputs_failed_validation',
        message: 'Prompt outputs failed validation',
        details: '',
      },
      node_errors: {
        '1': {
          errors: [
            { type: 'value_not_in_list', message: 'Value not in list', details: "ckpt_name: 'x' not in []" },
          ],
          dependent_outputs: ['7'],
          class_type: 'CheckpointLoaderSimple',
        },
      },
    };
    const err = validationError(400, JSON.stringify(body));
    expect(err.retryable).toBe(false);
    expect(err.message).toBe(
      "ComfyUI rejected the workflow: Prompt outputs failed validation; node 1 (CheckpointLoaderSimple): Value not in list: ckpt_name: 'x' not in []",
    );
  });

  it('reads history entries: pending, success, error, interrupted, and pre-status servers', () => {
    expect(parseHistory({}, 'p', '7')).toBeNull();
    const images = [{ filename: 'a_00001_.png', subfolder: 'mirage', type: 'output' }];
    expect(parseHistory({ p: { outputs: { '7': { images } } } }, 'p', '7')).toEqual({
      kind: 'success',
      images,
    });
    const status = (messages: unknown[]) => ({ status_str: 'error', completed: false, messages });
    const failed = parseHistory(
      {
        p: {
          outputs: {},
          status: status([['execution_error', { exception_message: 'boom', node_id: '5' }]]),
        },
      },
      'p',
      '7',
    );
    expect(failed).toMatchObject({ kind: 'error', error: { retryable: false } });
    expect(
      parseHistory({ p: { outputs: {}, status: status([['execution_interrupted', {}]]) } }, 'p', '7'),
    ).toEqual({
      kind: 'interrupted',
    });
  });

  it('reads V1 and V3 combos from object_info', () => {
    expect(comboOptions([['a.safetensors', 'b.safetensors'], { tooltip: 'x' }])).toEqual([
      'a.safetensors',
      'b.safetensors',
    ]);
    expect(comboOptions(['COMBO', { options: ['4x.pth'], multiselect: false }])).toEqual(['4x.pth']);
    expect(comboOptions(['INT', { min: 0 }])).toEqual([]);
    const info = {
      UpscaleModelLoader: { input: { required: { model_name: ['COMBO', { options: ['u.pth'] }] } } },
    };
    expect(objectInfoCombo(info, 'UpscaleModelLoader', 'model_name')).toEqual(['u.pth']);
    expect(objectInfoCombo(info, 'LoraLoader', 'lora_name')).toEqual([]);
  });

  it('finds a prompt in the running or pending queue', () => {
    expect(queueHas({ queue_running: [[0, 'p', {}, {}, []]], queue_pending: [] }, 'p')).toBe(true);
    expect(queueHas({ queue_running: [], queue_pending: [[1, 'q', {}, {}, []]] }, 'p')).toBe(false);
  });
});

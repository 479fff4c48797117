import { describe, expect, it } from 'vitest';
import { inpaintJob, styleConvertJob } from '../../test/fakes/jobs.ts';
import { buildImg2ImgWorkflow, img2imgWorkflow } from './comfyui-img2img.ts';
import type { ComfySource } from './comfyui-workflow.ts';
import { outputSize, progressPlan, saveNodeId } from './comfyui-workflow.ts';

const JOB_ID = inpaintJob().id;
const source: ComfySource = { name: `mirage-${JOB_ID}.png`, width: 832, height: 1144 };
const mask: ComfySource = { name: `mirage-${JOB_ID}-mask.png`, width: 832, height: 1144 };
const sampler = { seed: 42, cfg: 5, sampler_name: 'dpmpp_2m', scheduler: 'karras' };
const classes = (wf: Record<string, { class_type: string }>) => Object.values(wf).map((n) => n.class_type);

describe('buildImg2ImgWorkflow', () => {
  it('inpaint: source and mask, noise mask on the encoded source, the denoise, composite onto the source', () => {
    expect(buildImg2ImgWorkflow(inpaintJob(), { source, mask }, 0.75)).toEqual({
      '1': { class_type: 'CheckpointLoaderSimple', inputs: { ckpt_name: 'sd_xl_base_1.0.safetensors' } },
      '2': {
        class_type: 'CLIPTextEncode',
        inputs: { text: 'a lighthouse at dusk, soft light', clip: ['1', 1] },
      },
      '3': { class_type: 'CLIPTextEncode', inputs: { text: 'blurry, watermark', clip: ['1', 1] } },
      '4': { class_type: 'LoadImage', inputs: { image: source.name } },
      '5': { class_type: 'VAEEncode', inputs: { pixels: ['4', 0], vae: ['1', 2] } },
      '6': { class_type: 'LoadImageMask', inputs: { image: mask.name, channel: 'red' } },
      '7': { class_type: 'SetLatentNoiseMask', inputs: { samples: ['5', 0], mask: ['6', 0] } },
      '8': {
        class_type: 'KSampler',
        inputs: {
          model: ['1', 0],
          ...sampler,
          positive: ['2', 0],
          negative: ['3', 0],
          steps: 20,
          latent_image: ['7', 0],
          denoise: 0.75,
        },
      },
      '9': { class_type: 'VAEDecode', inputs: { samples: ['8', 0], vae: ['1', 2] } },
      '10': {
        class_type: 'ImageCompositeMasked',
        inputs: { destination: ['4', 0], source: ['9', 0], x: 0, y: 0, resize_source: true, mask: ['6', 0] },
      },
      '11': { class_type: 'SaveImage', inputs: { images: ['10', 0], filename_prefix: `mirage/${JOB_ID}` } },
    });
  });

  it('style conversion: the target checkpoint and LoRAs, no mask, straight to the save', () => {
    const loras = [{ name: 'style.safetensors', weight: 0.8 }];
    const wf = buildImg2ImgWorkflow(styleConvertJob({ loras }), { source, mask: null }, 0.55);
    expect(classes(wf)).toEqual([
      'CheckpointLoaderSimple',
      'LoraLoader',
      'CLIPTextEncode',
      'CLIPTextEncode',
      'LoadImage',
      'VAEEncode',
      'KSampler',
      'VAEDecode',
      'SaveImage',
    ]);
    expect(wf['1']?.inputs).toEqual({ ckpt_name: 'anime_v2.safetensors' });
    expect(wf['6']?.inputs).toEqual({ pixels: ['5', 0], vae: ['1', 2] });
    expect(wf['7']?.inputs).toMatchObject({
      model: ['2', 0],
      latent_image: ['6', 0],
      denoise: 0.55,
      steps: 20,
    });
    expect(wf['9']?.inputs).toEqual({ images: ['8', 0], filename_prefix: `mirage/${JOB_ID}` });
    expect(progressPlan(wf).total).toBe(20);
    expect(saveNodeId(wf)).toBe('9');
    // The result has the source's size, whatever a stray hires field says.
    const hires = { factor: 2, width: 1664, height: 2288, steps: 10, denoise: 0.5 };
    expect(outputSize(styleConvertJob({ hires }))).toEqual({ width: 832, height: 1144 });
  });

  it('sizes that are not multiples of 8: stretched up for the latent, then back to the exact size', () => {
    const ultra = { width: 1228, height: 1688 };
    const files = { source: { ...source, ...ultra }, mask: null };
    const wf = buildImg2ImgWorkflow(styleConvertJob(ultra), files, 0.4);
    expect(wf['5']).toEqual({
      class_type: 'ImageScale',
      inputs: { image: ['4', 0], upscale_method: 'lanczos', width: 1232, height: 1688, crop: 'disabled' },
    });
    expect(wf['6']?.inputs.pixels).toEqual(['5', 0]);
    expect(wf['9']).toEqual({
      class_type: 'ImageScale',
      inputs: { image: ['8', 0], upscale_method: 'lanczos', width: 1228, height: 1688, crop: 'disabled' },
    });
    // Inpaint: the composite fits the decoded picture to the source (resize_source), no extra scale.
    const masked = buildImg2ImgWorkflow(inpaintJob(ultra), { ...files, mask: { ...mask, ...ultra } }, 1);
    expect(classes(masked).filter((c) => c === 'ImageScale')).toHaveLength(1);
    expect(masked['11']?.class_type).toBe('ImageCompositeMasked');
  });

  it('restores faces after decoding, before the composite', () => {
    const faceRestore = { model: 'codeformer.pth', inputs: { facedetection: 'retinaface_resnet50' } };
    const wf = buildImg2ImgWorkflow(inpaintJob({ face_restore: true }), { source, mask }, 0.6, faceRestore);
    expect(classes(wf).slice(8)).toEqual([
      'VAEDecode',
      'FaceRestoreModelLoader',
      'FaceRestoreCFWithModel',
      'ImageCompositeMasked',
      'SaveImage',
    ]);
    expect(wf['11']?.inputs).toMatchObject({ image: ['9', 0], facerestore_model: ['10', 0] });
    expect(wf['12']?.inputs).toMatchObject({ source: ['11', 0] });
  });
});

describe('img2imgWorkflow', () => {
  const io = (files: { sourceImage?: Buffer; maskImage?: Buffer }) => ({
    onProgress: () => undefined,
    signal: new AbortController().signal,
    ...files,
  });

  it('uploads the source, then the mask, under job-scoped names', async () => {
    const uploads: string[] = [];
    const upload = (png: Buffer, name: string, what: string) => {
      uploads.push(`${what}: ${name} (${png.toString()})`);
      return Promise.resolve({ name, width: 832, height: 1144 });
    };
    const files = { sourceImage: Buffer.from('src'), maskImage: Buffer.from('msk') };
    const wf = await img2imgWorkflow(inpaintJob({ denoise: 0.3 }), io(files), upload);
    expect(uploads).toEqual([
      `source image: mirage-${JOB_ID}.png (src)`,
      `mask: mirage-${JOB_ID}-mask.png (msk)`,
    ]);
    expect(wf['8']?.inputs.denoise).toBe(0.3);
    uploads.length = 0;
    await img2imgWorkflow(styleConvertJob(), io(files), upload);
    expect(uploads).toEqual([`source image: mirage-${JOB_ID}.png (src)`]);
  });

  it('refuses without retry a job without its files or strength, before uploading anything', async () => {
    const upload = () => Promise.reject(new Error('must not upload'));
    const src = { sourceImage: Buffer.from('src') };
    await expect(img2imgWorkflow(inpaintJob(), io(src), upload)).rejects.toMatchObject({ retryable: false });
    await expect(img2imgWorkflow(styleConvertJob(), io({}), upload)).rejects.toMatchObject({
      retryable: false,
    });
    await expect(img2imgWorkflow(styleConvertJob({ denoise: null }), io(src), upload)).rejects.toMatchObject({
      retryable: false,
    });
  });
});

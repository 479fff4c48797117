/**
 * The preview renderer: a deterministic CPU painter, NOT a model. It turns a job-like input (seed, prompt,
 * style, settings) into an abstract picture (a gradient ground, soft glowing shapes, light ribbons, a
 * vignette) as raw RGB pixels, and repaints a given picture with it (inpaint, style conversion:
 * img2img.ts). All randomness comes from a SHA-256 of the input, so the same input gives the same pixels
 * in every process. Pure computation: no I/O, no image codec (callers encode with sharp).
 * Used by the worker's preview engine (job images) and by the api (style and booster previews).
 */
export { clamp, hsl, prng, type Rgb } from './color.ts';
export {
  RENDER_VERSION,
  defaultSceneInput,
  makeScene,
  sceneHash,
  sceneKey,
  type Blob,
  type Ribbon,
  type Scene,
  type SceneInput,
} from './scene.ts';
export { FIELD_MAX_SIDE, fieldSize, paint, renderField, type RgbField } from './paint.ts';
export { FEATHER_RADIUS, featherMask, inpaintPixels, paletteMap, restylePixels } from './img2img.ts';

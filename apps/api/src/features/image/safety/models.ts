import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
// Types only: this module runs in a thread started from the compiled or the TypeScript entry, where a
// workspace package may resolve to a build older than the source (scorer-thread.mjs).
import type { FaceEstimate, ImageSafetyScores, NsfwScores } from '@mirage/domain';
import type * as TensorFlow from '@tensorflow/tfjs';
import type { Config as HumanConfig, Human as HumanInstance, Result as HumanResult } from '@vladmandic/human';
import sharp from 'sharp';

/**
 * The two models of the image-side safety check, loaded from the files their npm packages ship (nothing is
 * downloaded; research/image-safety-on-node.md): nsfwjs's MobileNetV2 (five NSFW classes, 224 px) and
 * human's blazeface + facemesh + faceres (faces with an estimated age), both on tfjs's WebAssembly backend
 * (tfjs-node needs a libtensorflow download that cannot happen offline). Loading takes seconds and hundreds
 * of megabytes, so this module runs in its own thread (scorer-thread.ts), never on the API's event loop.
 */

const require = createRequire(import.meta.url);

/** The folder of a package's main file (its `exports` may hide package.json). */
const packageDist = (name: string) => path.dirname(require.resolve(name));

/** Faces are looked for on the image scaled to fit this many pixels a side (faces stay large enough to age). */
const FACE_INPUT_SIDE = 1024;
/** nsfwjs's MobileNetV2 input. */
const NSFW_INPUT_SIDE = 224;
/** Faces per image human reports (its default is 1: a crowd would hide a child behind the first face). */
const MAX_FACES = 20;
/** nsfwjs's classes as the domain names them (NSFW_CLASSES), from the names the model answers. */
const NSFW_NAMES: Record<string, keyof NsfwScores> = {
  Drawing: 'drawing',
  Hentai: 'hentai',
  Neutral: 'neutral',
  Porn: 'porn',
  Sexy: 'sexy',
};

export interface SafetyModels {
  /** The scores of one image (a PNG, or any format sharp decodes). */
  score(image: Buffer): Promise<ImageSafetyScores>;
}

/**
 * Node's fetch has no `file:` scheme, and human loads its models with fetch: file URLs are answered from the
 * disk here. Any other URL is refused, so that a setting gone wrong (human's default wasm path is a public
 * CDN) fails loudly instead of downloading. Only the safety thread (or a benchmark) installs it: it
 * replaces that thread's global fetch.
 */
export function installOfflineFetch(): void {
  globalThis.fetch = async (input: string | URL | Request) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.startsWith('file:'))
      throw new Error(`image safety models fetch nothing but files (asked: ${url})`);
    return new Response(await readFile(fileURLToPath(url)));
  };
}

/** human's settings: faces only (no body, hand, object, gesture, emotion, iris), no frame cache. */
function humanConfig(): Partial<HumanConfig> {
  return {
    backend: 'wasm',
    // The wasm files of the installed backend, read from disk: setWasmPaths(dir, false) (true fails in Node).
    wasmPath: `${packageDist('@tensorflow/tfjs-backend-wasm')}/`,
    wasmPlatformFetch: false,
    modelBasePath: `${pathToFileURL(path.join(packageDist('@vladmandic/human'), '../models')).href}/`,
    debug: false,
    warmup: 'none',
    // 0: no cached result for an input that looks like the previous one (human caches for video).
    cacheSensitivity: 0,
    filter: { enabled: false },
    face: {
      enabled: true,
      detector: { rotation: false, maxDetected: MAX_FACES, minConfidence: 0.2, return: false },
      mesh: { enabled: true },
      iris: { enabled: false },
      emotion: { enabled: false },
      description: { enabled: true },
      antispoof: { enabled: false },
      liveness: { enabled: false },
    },
    body: { enabled: false },
    hand: { enabled: false },
    object: { enabled: false },
    gesture: { enabled: false },
    segmentation: { enabled: false },
  };
}

interface NsfwModel {
  classify(image: unknown, topk?: number): Promise<{ className: string; probability: number }[]>;
}

/**
 * Loads both models (call installOfflineFetch first). human is required by file path: its `exports` keys
 * lack the leading "./", so `@vladmandic/human/dist/human.node-wasm` is refused on every Node version. Both
 * models share the one tfjs engine (human requires the same @tensorflow/tfjs-core).
 */
export async function loadSafetyModels(): Promise<SafetyModels> {
  const { Human } = require(path.join(packageDist('@vladmandic/human'), 'human.node-wasm.js')) as {
    Human: new (config: Partial<HumanConfig>) => HumanInstance;
  };
  const human = new Human(humanConfig());
  await human.init();
  await human.load();
  const tf = require('@tensorflow/tfjs') as typeof TensorFlow;
  const nsfwjs = (await import('nsfwjs')) as unknown as { load(name: string): Promise<NsfwModel> };
  const nsfw = await quietly(() => nsfwjs.load('MobileNetV2'));

  async function nsfwScores(pixels: Buffer, width: number, height: number): Promise<NsfwScores> {
    const small = await sharp(pixels, { raw: { width, height, channels: 3 } })
      .resize(NSFW_INPUT_SIDE, NSFW_INPUT_SIDE, { fit: 'fill' })
      .raw()
      .toBuffer();
    const input = tf.tensor3d(small, [NSFW_INPUT_SIDE, NSFW_INPUT_SIDE, 3], 'int32');
    try {
      const predictions = await nsfw.classify(input, Object.keys(NSFW_NAMES).length);
      const scores: Partial<NsfwScores> = {};
      for (const { className, probability } of predictions) {
        const name = NSFW_NAMES[className];
        if (name) scores[name] = round(probability);
      }
      if (Object.keys(scores).length !== Object.keys(NSFW_NAMES).length)
        throw new Error(
          `the NSFW model answered other classes: ${predictions.map((p) => p.className).join(', ')}`,
        );
      return scores as NsfwScores;
    } finally {
      input.dispose();
    }
  }

  async function faces(pixels: Buffer, width: number, height: number): Promise<FaceEstimate[]> {
    const input = tf.tensor4d(pixels, [1, height, width, 3], 'float32');
    let result: HumanResult;
    try {
      result = await human.detect(input);
    } finally {
      input.dispose();
    }
    if (result.error) throw new Error(`face detection failed: ${result.error}`);
    return result.face.map((face) => ({
      score: round(face.score),
      age: typeof face.age === 'number' && Number.isFinite(face.age) ? round(face.age) : null,
    }));
  }

  return {
    async score(image) {
      // One decode, scaled down once for the faces; the classifier's 224 px square is made from that.
      const { data, info } = await sharp(image)
        .removeAlpha()
        .toColourspace('srgb')
        .resize(FACE_INPUT_SIDE, FACE_INPUT_SIDE, { fit: 'inside', withoutEnlargement: true })
        .raw()
        .toBuffer({ resolveWithObject: true });
      const nsfwResult = await nsfwScores(data, info.width, info.height);
      const faceResult = await faces(data, info.width, info.height);
      return { nsfw: nsfwResult, faces: faceResult };
    },
  };
}

/** Runs `load` with console.info silenced: nsfwjs prints a hosting tip on every load of a bundled model. */
async function quietly<T>(load: () => Promise<T>): Promise<T> {
  const info = console.info;
  console.info = () => {};
  try {
    return await load();
  } finally {
    console.info = info;
  }
}

/** Scores are kept to 4 decimals: enough to tune a threshold, and the review queue's JSON stays short. */
const round = (value: number) => Math.round(value * 10_000) / 10_000;

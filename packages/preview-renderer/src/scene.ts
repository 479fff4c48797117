import { createHash } from 'node:crypto';
import { hsl, prng, type Rgb } from './color.ts';

/** Bump when the painting changes, so the same job keeps meaning the same picture within one version. */
export const RENDER_VERSION = 1;

/**
 * What the picture depends on: the fields of a worker job that change an image (a WorkerJob fits as is).
 * The size is not part of it: one job painted at two sizes is the same picture.
 */
export interface SceneInput {
  seed: number;
  prompt: string;
  negative_prompt: string;
  /** The style's checkpoint: alone it picks the colour scheme, so one style keeps a family look. */
  checkpoint: string;
  loras: readonly { name: string; weight: number }[];
  steps: number;
  /** Guidance: higher paints more saturated colours. */
  cfg: number;
  sampler: string;
  scheduler: string;
  hires: { steps: number; denoise: number } | null;
  face_restore: boolean;
}

/**
 * A scene input with default settings (20 steps, guidance 5, euler, no LoRA, no hires pass): what the
 * API paints catalogue previews and guest samples from, where only seed, prompt and style matter.
 */
export function defaultSceneInput(seed: number, prompt: string, checkpoint: string): SceneInput {
  return {
    seed,
    prompt,
    negative_prompt: '',
    checkpoint,
    loras: [],
    steps: 20,
    cfg: 5,
    sampler: 'euler',
    scheduler: 'normal',
    hires: null,
    face_restore: false,
  };
}

export interface Blob {
  x: number;
  y: number;
  /** Radius, relative to the short side. */
  r: number;
  color: Rgb;
  alpha: number;
}

export interface Ribbon {
  freq: number;
  phase: number;
  warp: number;
  tilt: number;
  color: Rgb;
  alpha: number;
}

export interface Scene {
  /** 32 bits of the job hash, for anything else that must vary with the job (noisy previews). */
  seed: number;
  ground: [Rgb, Rgb, Rgb];
  angle: number;
  blobs: Blob[];
  discs: Blob[];
  ribbons: Ribbon[];
  vignette: number;
  saturation: number;
}

/** The canonical text of everything that changes the picture (the renderer version first). */
export function sceneKey(input: SceneInput): string {
  return JSON.stringify([
    RENDER_VERSION,
    input.seed,
    input.prompt,
    input.negative_prompt,
    input.checkpoint,
    input.loras.map((l) => [l.name, l.weight]),
    input.steps,
    input.cfg,
    input.sampler,
    input.scheduler,
    input.hires ? [input.hires.steps, input.hires.denoise] : null,
    input.face_restore,
  ]);
}

/** The SHA-256 of the scene key: all the randomness of one picture comes from these 32 bytes. */
export function sceneHash(input: SceneInput): Buffer {
  return createHash('sha256').update(sceneKey(input)).digest();
}

const SCHEMES = [
  [0, 30, -30, 180],
  [0, 150, 210, 180],
  [0, 120, 240, 60],
  [0, 20, 40, 200],
];

/** Everything random about the picture, drawn from a hash of the prompt, seed, style and settings. */
export function makeScene(input: SceneInput): Scene {
  const digest = sceneHash(input);
  const rnd = prng(digest);
  const styleRnd = prng(createHash('sha256').update(input.checkpoint).digest());
  const scheme = SCHEMES[Math.floor(styleRnd() * SCHEMES.length)] ?? [0, 30, -30, 180];
  const baseHue = rnd() * 360;
  // Higher guidance paints more saturated colours (cfg 3..7 -> 0.55..0.85).
  const saturation = Math.min(0.9, Math.max(0.4, 0.4 + input.cfg * 0.065));
  const pick = (): Rgb => {
    const off = scheme[Math.floor(rnd() * scheme.length)] ?? 0;
    return hsl(baseHue + off + (rnd() - 0.5) * 24, saturation * (0.7 + rnd() * 0.3), 0.35 + rnd() * 0.4);
  };
  const dark = hsl(baseHue + 200, saturation * 0.5, 0.08 + rnd() * 0.1);
  const ground: [Rgb, Rgb, Rgb] = [
    dark,
    pick(),
    hsl(baseHue + (scheme[1] ?? 0), saturation, 0.55 + rnd() * 0.2),
  ];
  const words = input.prompt.split(/\s+/).filter(Boolean).length;
  const blobCount = 5 + Math.min(7, Math.floor(words / 4)) + Math.floor(rnd() * 3);
  const blobs: Blob[] = [];
  for (let i = 0; i < blobCount; i++) {
    blobs.push({
      x: 0.05 + rnd() * 0.9,
      y: 0.05 + rnd() * 0.9,
      r: 0.08 + rnd() * 0.35,
      color: pick(),
      alpha: 0.35 + rnd() * 0.5,
    });
  }
  const discs: Blob[] = [];
  const discCount = Math.floor(rnd() * 6);
  for (let i = 0; i < discCount; i++) {
    const color = hsl(baseHue + (scheme[3] ?? 0) + rnd() * 40, saturation * 0.5, 0.75 + rnd() * 0.2);
    discs.push({ x: rnd(), y: rnd(), r: 0.02 + rnd() * 0.07, color, alpha: 0.12 + rnd() * 0.2 });
  }
  const ribbons: Ribbon[] = [];
  const ribbonCount = 1 + Math.floor(rnd() * 3);
  for (let i = 0; i < ribbonCount; i++) {
    const color = hsl(baseHue + (scheme[2] ?? 0), saturation * 0.6, 0.8 + rnd() * 0.15);
    ribbons.push({
      freq: 2 + rnd() * 5,
      phase: rnd() * Math.PI * 2,
      warp: 0.5 + rnd() * 2,
      tilt: (rnd() - 0.5) * 1.2,
      color,
      alpha: 0.12 + rnd() * 0.2,
    });
  }
  return {
    seed: digest.readUInt32LE(16),
    ground,
    angle: rnd() * Math.PI * 2,
    blobs,
    discs,
    ribbons,
    vignette: 0.25 + rnd() * 0.3,
    saturation,
  };
}

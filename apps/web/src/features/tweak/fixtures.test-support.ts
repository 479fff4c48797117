/** Shared data of the tweak studio's unit tests (not shipped: only tests import it). */
import type { UserSettings } from '@mirage/contract';
import { PLAN, type TaskView } from '@mirage/domain';
import type { GraphicStyle } from '../catalogue/index.ts';
import type { ImageGenInfo, ImageInfo } from './source.ts';

export const NOW = new Date('2026-03-01T12:00:00Z');
export const SOURCE = '5f0c3c1e-8a4b-4c1e-9a7e-0d6b1f2a3b4c';
export const OTHER = '9a1b2c3d-4e5f-4a6b-8c7d-1e2f3a4b5c6d';

export const user = (patch: Partial<UserSettings> = {}): UserSettings => ({
  id: 1,
  username: 'maker',
  email: 'maker@example.com',
  email_verified: true,
  keep_updated: false,
  generation_token: 20,
  tag_setting_ack: true,
  lang: 'en',
  referral_code: 'X',
  referrer_id: null,
  pro_expire: null,
  daily_token: 0,
  daily_quest_completed: false,
  plan: PLAN.free,
  is_premium: false,
  has_daily_tickets: false,
  ...patch,
});

/** Pro until a year after NOW, with its daily energy. */
export const proUser = (patch: Partial<UserSettings> = {}) =>
  user({ plan: PLAN.pro, pro_expire: '2027-03-01T00:00:00Z', is_premium: true, daily_token: 1200, ...patch });

export const style = (id: number, patch: Partial<GraphicStyle> = {}): GraphicStyle => ({
  id,
  lib: `style_${id}`,
  preview: `/p/${id}.webp`,
  render: 'hentai',
  is_free: false,
  is_new: false,
  pipeline: 'model.safetensors',
  txt2img: true,
  ...patch,
});

export const STYLES: GraphicStyle[] = [
  style(1, { lib: 'anime_modern', is_free: true }),
  style(2, { lib: 'pastel' }),
  style(3, { lib: 'photo', render: 'realistic', is_free: true }),
  style(4, { lib: 'cinematic', render: 'realistic' }),
];

export const info = (patch: Partial<ImageInfo> = {}): ImageInfo => ({
  id: 7,
  uuid: SOURCE,
  user_id: 1,
  username: 'maker',
  is_owner: true,
  is_favorite: false,
  has_gen_data: true,
  is_private: false,
  upscaled: false,
  style_id: 2,
  format: 'Portrait',
  render: 'hentai',
  gen_type: 'txt2img',
  width: 832,
  height: 1144,
  blurhash: 'LEHV6nWB2yk8pyo0adR*.7kCMdnj',
  nsfw: false,
  created_at: '2026-02-28T10:00:00.000Z',
  tags: 'lighthouse',
  tag_ids: [1],
  image_src: `/images/${SOURCE}.webp`,
  thumbnail_src: `/images/${SOURCE}-min.webp`,
  png_src: `/images/${SOURCE}.png`,
  upscaled_src: null,
  source_uuid: null,
  ...patch,
});

export const gen = (patch: Partial<ImageGenInfo> = {}): ImageGenInfo => ({
  created_at: '02-28-2026',
  prompt: 'a lighthouse at dusk',
  neg_prompt: 'blurry',
  seed: 42,
  style_id: 2,
  format: 'Portrait',
  quality: 'High',
  creativity: 'Creative',
  modifiers: [],
  watermark: true,
  model: 'preview-renderer',
  user_id: 1,
  username: 'maker',
  ...patch,
});

export const task = (patch: Partial<TaskView> = {}): TaskView => ({
  task_id: '11111111-2222-4333-8444-555555555555',
  state: 10,
  queued: false,
  completed: false,
  position: null,
  eta_seconds: null,
  step: 3,
  max_step: 10,
  tasks: [],
  preview: null,
  image_uuid: null,
  model: null,
  blurhash: null,
  seed: 1,
  cost: 1,
  paid_with_daily: false,
  refunded: false,
  error: null,
  created_at: NOW.toISOString(),
  genType: 'inpaint',
  settings: { source_img: SOURCE },
  ...patch,
});

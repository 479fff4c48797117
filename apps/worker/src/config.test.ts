import { describe, expect, it } from 'vitest';
import { loadWorkerConfig } from './config.ts';

const base = { WORKER_TOKEN: 'mw_0123456789abcdef' };

describe('worker configuration', () => {
  it('runs the Horde engine without ENGINE_URL, with its defaults', () => {
    const config = loadWorkerConfig({
      ...base,
      ENGINE: 'horde',
      HORDE_MODELS: 'photo.safetensors=Photo Model',
    });
    expect(config).toMatchObject({
      HORDE_URL: 'https://aihorde.net/api',
      HORDE_API_KEY: '0000000000',
      HORDE_MODELS: { 'photo.safetensors': 'Photo Model' },
      HORDE_NSFW: true,
      HORDE_TRUSTED_WORKERS: false,
      HORDE_MAX_PIXELS: 1024 * 1024,
    });
    expect(config.HORDE_CLIENT_AGENT).toMatch(/^mirage-worker:\d+\.\d+\.\d+:unknown$/);
  });

  it('requires a readable model map for the Horde engine', () => {
    expect(() => loadWorkerConfig({ ...base, ENGINE: 'horde' })).toThrow(/HORDE_MODELS is required/);
    expect(() => loadWorkerConfig({ ...base, ENGINE: 'horde', HORDE_MODELS: 'photo' })).toThrow(
      /HORDE_MODELS.*not checkpoint=model/,
    );
    expect(() =>
      loadWorkerConfig({ ...base, ENGINE: 'horde', HORDE_MODELS: 'a=b', HORDE_CLIENT_AGENT: 'mirage' }),
    ).toThrow(/HORDE_CLIENT_AGENT/);
  });

  it('still requires ENGINE_URL for ComfyUI and A1111', () => {
    expect(() => loadWorkerConfig({ ...base, ENGINE: 'a1111' })).toThrow(/ENGINE_URL is required/);
  });
});

import { PLAN, defaultSettings, normaliseSettings } from '@mirage/domain';
import { describe, expect, it } from 'vitest';
import { MemoryStorage } from '../../testing/fakeBrowser.ts';
import { PROMPT_DATA_KEY, loadPromptData, parsePromptData, savePromptData } from './persistence.ts';

describe('promptData in local storage', () => {
  it('round-trips the settings and the render filter under the key promptData', () => {
    const storage = new MemoryStorage();
    const settings = {
      ...defaultSettings(PLAN.pro),
      prompt: 'a lighthouse',
      style_id: 3,
      quality: 'Ultra' as const,
    };
    savePromptData(storage, { settings, render: 'realistic' });
    expect(JSON.parse(storage.getItem(PROMPT_DATA_KEY) ?? '')).toMatchObject({ render: 'realistic' });
    expect(loadPromptData(storage, PLAN.pro)).toEqual({ settings, render: 'realistic' });
  });

  it('falls back to the plan defaults for missing, broken or mistyped data', () => {
    expect(parsePromptData(null, PLAN.free)).toEqual({
      settings: defaultSettings(PLAN.free),
      render: 'hentai',
    });
    expect(parsePromptData('{not json', PLAN.basic).settings).toEqual(defaultSettings(PLAN.basic));
    const odd = parsePromptData(
      JSON.stringify({
        settings: {
          quality: 'Huge',
          format: 'Wide',
          upscale: 'yes',
          modifiers: [{ id: 101, weight: '40' }, { id: 'x' }],
        },
        render: 'cartoon',
      }),
      PLAN.free,
    );
    expect(odd.settings.quality).toBe('Standard');
    expect(odd.settings.format).toBe('Wide');
    expect(odd.settings.upscale).toBe(false);
    expect(odd.settings.modifiers).toEqual([{ id: 101, weight: 40 }]);
    expect(odd.render).toBe('hentai');
  });

  it('is forced back to the plan on restore: a Free user gets Standard, no eco, not private', () => {
    const stored = {
      ...defaultSettings(PLAN.pro),
      quality: 'Ultra' as const,
      slow_mode: true,
      private: true,
      watermark: false,
    };
    const { settings } = parsePromptData(JSON.stringify({ settings: stored }), PLAN.free);
    const restored = normaliseSettings(settings, { plan: PLAN.free, source: 'restore' }).settings;
    expect(restored).toMatchObject({
      quality: 'Standard',
      slow_mode: false,
      private: false,
      watermark: true,
    });
  });

  it('survives a storage that throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('quota');
      },
    };
    expect(loadPromptData(broken, PLAN.free).settings).toEqual(defaultSettings(PLAN.free));
    expect(() =>
      savePromptData(broken, { settings: defaultSettings(PLAN.free), render: 'hentai' }),
    ).not.toThrow();
  });
});

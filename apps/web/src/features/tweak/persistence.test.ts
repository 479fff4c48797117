import { PLAN } from '@mirage/domain';
import { describe, expect, it } from 'vitest';
import { MemoryStorage } from '../../testing/fakeBrowser.ts';
import { OTHER, SOURCE } from './fixtures.test-support.ts';
import { emptyMaskDocument, type MaskDocument } from './mask/index.ts';
import {
  MASKS_KEPT,
  TWEAK_DATA_KEY,
  emptyTweakData,
  loadTweakData,
  maskOf,
  parseTweakData,
  saveTweakData,
  uuidOrNull,
  withMask,
  type TweakData,
} from './persistence.ts';
import { defaultTweakSettings } from './settings.ts';

const painted = (width: number, height: number): MaskDocument => ({
  ...emptyMaskDocument(width, height),
  done: [{ kind: 'stroke', tool: 'brush', size: 40, points: [10, 10, 200, 240] }],
});

const data = (patch: Partial<TweakData> = {}): TweakData => ({
  ...emptyTweakData(PLAN.pro),
  mode: 'style_convert',
  source: SOURCE,
  settings: { ...defaultTweakSettings(PLAN.pro), prompt: 'a lighthouse at dusk', strength: 0.5, style_id: 2 },
  render: 'realistic',
  taskId: OTHER,
  masks: [{ source: SOURCE, document: painted(832, 1144) }],
  ...patch,
});

describe('tweakData in local storage', () => {
  it('round-trips mode, source, settings, filter, task and masks under the key tweakData', () => {
    const storage = new MemoryStorage();
    saveTweakData(storage, data());
    expect(JSON.parse(storage.getItem(TWEAK_DATA_KEY) ?? '')).toMatchObject({ mode: 'style_convert' });
    expect(loadTweakData(storage, PLAN.pro)).toEqual(data());
  });

  it('falls back to the plan defaults for missing, broken or mistyped data', () => {
    expect(parseTweakData(null, PLAN.free)).toEqual(emptyTweakData(PLAN.free));
    expect(parseTweakData('{not json', PLAN.basic)).toEqual(emptyTweakData(PLAN.basic));
    const odd = parseTweakData(
      JSON.stringify({
        mode: 'outpaint',
        source: 'not-a-uuid',
        render: 'cartoon',
        taskId: 12,
        settings: {
          prompt: 3,
          seed: 1.5,
          strength: 7,
          watermark: 'no',
          style_id: '2',
          modifiers: [{ id: 101, weight: '40' }, { id: 'x' }],
        },
        masks: 'none',
      }),
      PLAN.free,
    );
    expect(odd.mode).toBe('inpaint');
    expect(odd.source).toBeNull();
    expect(odd.render).toBe('hentai');
    expect(odd.taskId).toBeNull();
    expect(odd.settings.prompt).toBe('');
    expect(odd.settings.seed).toBeNull();
    // A stored strength is kept inside 0.3..1 (docs/product/decisions.md#tweak).
    expect(odd.settings.strength).toBe(1);
    // Free: the watermark is on unless paid for.
    expect(odd.settings.watermark).toBe(true);
    expect(odd.settings.style_id).toBeNull();
    expect(odd.settings.modifiers).toEqual([{ id: 101, weight: 40 }]);
    expect(odd.masks).toEqual([]);
  });

  it('keeps only masks that parse, once per source, newest first, at most MASKS_KEPT', () => {
    const sources = [
      SOURCE,
      OTHER,
      ...['a', 'b', 'c'].map((c) => `${c.repeat(8)}-aaaa-4aaa-8aaa-aaaaaaaaaaaa`),
    ];
    const masks = [
      ...sources.map((source) => ({ source, document: painted(512, 512) })),
      { source: SOURCE, document: painted(64, 64) },
      { source: 'x', document: painted(512, 512) },
      { source: OTHER, document: { version: 2, width: 512, height: 512, done: [] } },
    ];
    const parsed = parseTweakData(JSON.stringify({ masks }), PLAN.free);
    expect(parsed.masks.map((mask) => mask.source)).toEqual(sources.slice(0, MASKS_KEPT));
    expect(parsed.masks[0]?.document).toEqual(painted(512, 512));
  });

  it('gives back a mask only for a source of its size', () => {
    const stored = data();
    expect(maskOf(stored, SOURCE, 832, 1144)).toEqual(painted(832, 1144));
    expect(maskOf(stored, SOURCE, 1144, 832)).toBeNull();
    expect(maskOf(stored, OTHER, 832, 1144)).toBeNull();
  });

  it('puts the newest mask first and forgets the oldest beyond MASKS_KEPT', () => {
    let stored = data({ masks: [] });
    const uuids = ['a', 'b', 'c', 'd'].map((c) => `${c.repeat(8)}-aaaa-4aaa-8aaa-aaaaaaaaaaaa`);
    for (const uuid of uuids) stored = withMask(stored, uuid, painted(10, 10));
    expect(stored.masks.map((mask) => mask.source)).toEqual(uuids.slice(1).reverse());
    stored = withMask(stored, uuids[1]!, painted(20, 20));
    expect(stored.masks.map((mask) => mask.source)).toEqual([uuids[1], uuids[3], uuids[2]]);
    expect(withMask(stored, uuids[1]!, null).masks.map((mask) => mask.source)).toEqual([uuids[3], uuids[2]]);
  });

  it('drops the masks rather than everything when the quota is full, and survives a refused storage', () => {
    const writes: string[] = [];
    const tight = {
      getItem: () => null,
      setItem: (_key: string, value: string) => {
        if (value.includes('"done":[{')) throw new DOMException('full', 'QuotaExceededError');
        writes.push(value);
      },
    };
    saveTweakData(tight, data());
    expect(JSON.parse(writes[0] ?? '')).toMatchObject({ source: SOURCE, masks: [] });
    const refused = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(() => saveTweakData(refused, data())).not.toThrow();
    expect(loadTweakData(refused, PLAN.free)).toEqual(emptyTweakData(PLAN.free));
  });

  it('reads uuids case-insensitively and refuses anything else', () => {
    expect(uuidOrNull(SOURCE.toUpperCase())).toBe(SOURCE);
    expect(uuidOrNull(`${SOURCE}x`)).toBeNull();
    expect(uuidOrNull(null)).toBeNull();
  });
});

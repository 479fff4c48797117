import { describe, expect, it } from 'vitest';
import {
  groupSystemTags,
  hiddenTagsBody,
  sortHiddenTags,
  systemTagValue,
  withHiddenTag,
  withoutHiddenTag,
  type HiddenTag,
} from './hiddenTags.ts';

const harbour: HiddenTag = { id: 7, kind: 'prompt', name: 'harbour' };
const fog: HiddenTag = { id: 40, kind: 'prompt', name: 'fog' };
const anime: HiddenTag = { id: 101, kind: 'style', name: 'anime_modern' };
const photo: HiddenTag = { id: 102, kind: 'style', name: 'photo_film' };
const hentai: HiddenTag = { id: 201, kind: 'render', name: 'hentai' };
const realistic: HiddenTag = { id: 202, kind: 'render', name: 'realistic' };
const square: HiddenTag = { id: 301, kind: 'format', name: 'square' };
const portrait: HiddenTag = { id: 302, kind: 'format', name: 'portrait' };
const inpaint: HiddenTag = { id: 401, kind: 'gen_type', name: 'inpaint' };
const txt2img: HiddenTag = { id: 402, kind: 'gen_type', name: 'txt2img' };

describe('hidden tags', () => {
  it('reads the option a system tag stands for', () => {
    expect(systemTagValue(hentai)).toEqual({ kind: 'render', value: 'hentai' });
    expect(systemTagValue(portrait)).toEqual({ kind: 'format', value: 'Portrait' });
    // Stored generation types are named after the job; the search calls inpainting "tweak".
    expect(systemTagValue(inpaint)).toEqual({ kind: 'gen_type', value: 'tweak' });
    expect(systemTagValue(txt2img)).toEqual({ kind: 'gen_type', value: 'txt2img' });
    expect(systemTagValue({ kind: 'format', name: 'panorama' })).toBeNull();
    expect(systemTagValue(anime)).toBeNull();
    expect(systemTagValue(harbour)).toBeNull();
  });

  it('shows prompt tags first, then styles, renders, formats and generation types in the panel order', () => {
    const shuffled = [txt2img, square, harbour, realistic, photo, inpaint, fog, portrait, hentai, anime];
    expect(sortHiddenTags(shuffled)).toEqual([
      fog,
      harbour,
      anime,
      photo,
      hentai,
      realistic,
      portrait,
      square,
      txt2img,
      inpaint,
    ]);
  });

  it('adds and removes a tag, keeping the list as it is when nothing changes', () => {
    const list = [harbour];
    expect(withHiddenTag(list, harbour)).toBe(list);
    expect(withHiddenTag(list, fog)).toEqual([fog, harbour]);
    expect(withoutHiddenTag(list, fog.id)).toBe(list);
    expect(withoutHiddenTag([fog, harbour], fog.id)).toEqual([harbour]);
    expect(hiddenTagsBody([fog, anime])).toEqual({ tags: [40, 101] });
  });

  it('groups the system tags for the picker, leaving out empty groups', () => {
    expect(groupSystemTags([square, hentai, anime, portrait])).toEqual([
      { kind: 'style', tags: [anime] },
      { kind: 'render', tags: [hentai] },
      { kind: 'format', tags: [portrait, square] },
    ]);
  });
});

import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_EQUIPPED, REWARDS } from '@mirage/domain';
import { describe, expect, it } from 'vitest';
import { avatarUrl, lookOf, parseAnimation, parseColor, parseFrame } from './lookData.ts';

const PUBLIC_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../public');

describe('parseAnimation', () => {
  it('reads "<kind> <durationMs> <intensity> <delayMs> <hueShift>"', () => {
    expect(parseAnimation('shimmer 2200 55 800 20')).toEqual({
      kind: 'shimmer',
      durationMs: 2200,
      intensity: 0.55,
      delayMs: 800,
      hueShift: 20,
    });
  });

  it('reads every animation of the catalogue as its own kind', () => {
    for (const reward of REWARDS.filter((r) => r.type === 'Animation')) {
      expect(parseAnimation(reward.data).kind).toBe(
        reward.key === 'static' ? 'static' : reward.data.split(' ')[0],
      );
    }
  });

  it('keeps still for "static", an unknown kind, a wrong count of numbers or text that is not numbers', () => {
    for (const data of ['static 0 0 0 0', 'dance 1000 50 0 0', 'pulse 1600 40', 'pulse a b c d', '', null]) {
      expect(parseAnimation(data)).toMatchObject({ kind: 'static', durationMs: 0 });
    }
    expect(parseAnimation('pulse 0 40 0 0').kind).toBe('static');
  });

  it('bounds the numbers (intensity 0..1, a cycle of 0.2 s to 60 s)', () => {
    expect(parseAnimation('glow 5 400 -3 999')).toEqual({
      kind: 'glow',
      durationMs: 200,
      intensity: 1,
      delayMs: 0,
      hueShift: 360,
    });
  });
});

describe('parseFrame', () => {
  it('reads "<angle> <hue>" and brings both into 0..359', () => {
    expect(parseFrame('45 30')).toEqual({ angle: 45, hue: 30 });
    expect(parseFrame('360 320')).toEqual({ angle: 0, hue: 320 });
    expect(parseFrame('-90 400')).toEqual({ angle: 270, hue: 40 });
  });

  it('falls back to the default frame on anything else', () => {
    for (const data of ['45', '45 30 1', 'a b', '', undefined])
      expect(parseFrame(data)).toEqual(parseFrame('0 100'));
  });
});

describe('parseColor', () => {
  it('takes "#rrggbb" and nothing else (no CSS can be smuggled in)', () => {
    expect(parseColor('#FF8A70')).toBe('#ff8a70');
    expect(parseColor('red')).toBe(DEFAULT_EQUIPPED.color.data);
    expect(parseColor('#fff')).toBe(DEFAULT_EQUIPPED.color.data);
    expect(parseColor('#ff8a70;background:url(x)')).toBe(DEFAULT_EQUIPPED.color.data);
  });
});

describe('avatarUrl', () => {
  it('maps the catalogue\'s "avatar-<key>.webp" to the SVG the app ships', () => {
    expect(avatarUrl('avatar-fox.webp')).toBe('/avatars/avatar-fox.svg');
  });

  it("shows the default picture for a name that is not one of the catalogue's form", () => {
    for (const data of [
      '../secret.webp',
      'avatar-fox.png',
      'avatar-.webp',
      'https://x/avatar-a.webp',
      null,
    ]) {
      expect(avatarUrl(data)).toBe('/avatars/avatar-default.svg');
    }
  });

  it('has a picture in public/avatars for every profile picture of the catalogue', () => {
    const pictures = REWARDS.filter((reward) => reward.type === 'ProfilePic');
    expect(pictures.length).toBeGreaterThan(0);
    for (const reward of pictures) {
      expect(reward.data).toBe(`avatar-${reward.key}.webp`);
      const file = path.join(PUBLIC_DIR, avatarUrl(reward.data));
      expect(existsSync(file), file).toBe(true);
    }
  });
});

describe('lookOf', () => {
  it('wears the default of a slot that is missing', () => {
    const look = lookOf({ color: { data: '#a6e35a' } });
    expect(look.color).toBe('#a6e35a');
    expect(look.picture).toBe('/avatars/avatar-default.svg');
    expect(look.frame).toEqual(parseFrame(DEFAULT_EQUIPPED.style.data));
    expect(look.animation.kind).toBe('static');
    expect(lookOf(undefined)).toEqual(lookOf(DEFAULT_EQUIPPED));
  });
});

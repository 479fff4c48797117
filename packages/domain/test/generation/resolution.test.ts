import { describe, expect, it } from 'vitest';
import {
  FORMATS,
  QUALITIES,
  baseSize,
  finalSize,
  hiresFactor,
  outputPixels,
  renderSizes,
  upscaledSize,
  type Format,
  type Quality,
} from '../../src/index.ts';

/**
 * docs/product/generation.md#resolution, resolution table, copied by hand: format, base, Standard, High,
 * Ultra as [width, height].
 */
const TABLE: [Format, [number, number], [number, number], [number, number], [number, number]][] = [
  ['Portrait', [512, 704], [832, 1144], [1024, 1408], [1228, 1688]],
  ['Wide', [704, 512], [1144, 832], [1408, 1024], [1688, 1228]],
  ['Square', [576, 576], [936, 936], [1152, 1152], [1382, 1382]],
];

const CELLS = TABLE.flatMap(([format, base, standard, high, ultra]) =>
  (
    [
      ['Standard', standard],
      ['High', high],
      ['Ultra', ultra],
    ] as [Quality, [number, number]][]
  ).map(([quality, size]) => ({ format, quality, base, size })),
);

describe('resolution table', () => {
  it.each(TABLE)('%s base size', (format, [width, height]) => {
    expect(baseSize(format)).toEqual({ width, height });
  });

  it('has 9 final cells plus 3 base cells', () => {
    expect(CELLS).toHaveLength(9);
    expect(FORMATS.length * QUALITIES.length).toBe(9);
  });

  it.each(CELLS)('$format $quality = $size', ({ format, quality, size: [width, height] }) => {
    expect(finalSize(format, quality)).toEqual({ width, height });
  });

  it.each([
    ['Standard', 1.625],
    ['High', 2],
    ['Ultra', 2.4],
  ] as const)('hires factor of %s is %d', (quality, factor) => {
    expect(hiresFactor(quality)).toBe(factor);
  });

  it.each(CELLS)('$format $quality is base x factor within 2 px', ({ format, quality, base }) => {
    const final = finalSize(format, quality);
    const factor = hiresFactor(quality);
    expect(Math.abs(final.width - base[0] * factor)).toBeLessThanOrEqual(2);
    expect(Math.abs(final.height - base[1] * factor)).toBeLessThanOrEqual(2);
  });

  it('upscale doubles the final size', () => {
    expect(upscaledSize({ width: 1228, height: 1688 })).toEqual({ width: 2456, height: 3376 });
    expect(renderSizes('Square', 'High', true)).toEqual({
      base: { width: 576, height: 576 },
      factor: 2,
      final: { width: 1152, height: 1152 },
      upscaled: { width: 2304, height: 2304 },
    });
    expect(renderSizes('Wide', 'Standard', false).upscaled).toBeNull();
    expect(outputPixels('Portrait', 'Standard', false)).toBe(832 * 1144);
    expect(outputPixels('Portrait', 'Standard', true)).toBe(1664 * 2288);
  });

  it('returns copies, so callers cannot corrupt the table', () => {
    const size = finalSize('Portrait', 'High');
    size.width = 1;
    expect(finalSize('Portrait', 'High').width).toBe(1024);
  });
});

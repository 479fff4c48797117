import { describe, expect, it } from 'vitest';
import { isMaskEmpty, paintedBounds, rasteriseMask, rasteriseStrokes } from './raster.ts';
import { addStroke, clearMask, emptyMaskDocument, undo, type MaskStroke } from './strokes.ts';

const dot = (x: number, y: number, size: number, tool: 'brush' | 'eraser' = 'brush'): MaskStroke => ({
  kind: 'stroke',
  tool,
  size,
  points: [x, y],
});

/** The definition, pixel by pixel: painted when the pixel's centre is within size/2 of the centre line. */
function reference(strokes: readonly MaskStroke[], width: number, height: number): Uint8Array {
  const out = new Uint8Array(width * height);
  const segmentDistance = (px: number, py: number, ax: number, ay: number, bx: number, by: number) => {
    const dx = bx - ax;
    const dy = by - ay;
    const lengthSquared = dx * dx + dy * dy;
    const t =
      lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / lengthSquared));
    return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
  };
  for (const stroke of strokes) {
    const p = stroke.points;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        let nearest = segmentDistance(x + 0.5, y + 0.5, p[0]!, p[1]!, p[0]!, p[1]!);
        for (let i = 2; i + 1 < p.length; i += 2) {
          nearest = Math.min(
            nearest,
            segmentDistance(x + 0.5, y + 0.5, p[i - 2]!, p[i - 1]!, p[i]!, p[i + 1]!),
          );
        }
        if (nearest <= stroke.size / 2) out[y * width + x] = stroke.tool === 'brush' ? 255 : 0;
      }
    }
  }
  return out;
}

/** A small deterministic generator (mulberry32), so a failure replays. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const count = (buffer: Uint8Array) => buffer.reduce((total, value) => total + (value === 255 ? 1 : 0), 0);

describe('the rasteriser', () => {
  it('paints a disk of diameter s for a single-point stroke of size s', () => {
    for (const [x, y, size] of [
      [20, 20, 10],
      [20.5, 20.5, 10],
      [17.3, 22.8, 15],
      [20.5, 20.5, 1],
    ] as const) {
      const mask = rasteriseStrokes([dot(x, y, size)], 48, 48);
      expect(mask).toEqual(reference([dot(x, y, size)], 48, 48));
      // Pixel centres inside the circle: about its area.
      expect(Math.abs(count(mask) - (Math.PI * size * size) / 4)).toBeLessThanOrEqual(size + 1);
    }
    // A 1 px brush at a pixel's centre paints that pixel only.
    const single = rasteriseStrokes([dot(3.5, 2.5, 1)], 8, 8);
    expect([...single.keys()].filter((i) => single[i] === 255)).toEqual([2 * 8 + 3]);
  });

  it('paints only 0 and 255', () => {
    const mask = rasteriseStrokes(
      [{ kind: 'stroke', tool: 'brush', size: 7, points: [1, 1, 30, 20, 5, 28] }],
      32,
      32,
    );
    expect(new Set(mask)).toEqual(new Set([0, 255]));
  });

  it('draws round-capped thick polylines exactly as defined, erasers included', () => {
    const next = random(42);
    for (let round = 0; round < 30; round++) {
      const width = 20 + Math.floor(next() * 40);
      const height = 20 + Math.floor(next() * 40);
      const strokes: MaskStroke[] = [];
      for (let s = 0; s < 4; s++) {
        const points: number[] = [];
        const length = 1 + Math.floor(next() * 6);
        // Some points off the image: strokes are clipped, never wrapped into the next row.
        for (let i = 0; i < length; i++) points.push(next() * (width + 20) - 10, next() * (height + 20) - 10);
        strokes.push({ kind: 'stroke', tool: s === 2 ? 'eraser' : 'brush', size: 0.5 + next() * 14, points });
      }
      expect(rasteriseStrokes(strokes, width, height)).toEqual(reference(strokes, width, height));
    }
  });

  it('draws horizontal and vertical segments and repeated points', () => {
    const strokes: MaskStroke[] = [
      { kind: 'stroke', tool: 'brush', size: 5, points: [2, 10.5, 30, 10.5] },
      { kind: 'stroke', tool: 'brush', size: 4, points: [20.5, 1, 20.5, 30, 20.5, 30] },
      { kind: 'stroke', tool: 'eraser', size: 3, points: [0, 0, 0, 0, 31, 31] },
    ];
    expect(rasteriseStrokes(strokes, 32, 32)).toEqual(reference(strokes, 32, 32));
  });

  it('clips at the image edges without wrapping into the neighbouring row', () => {
    const mask = rasteriseStrokes([dot(0, 5, 6)], 16, 10);
    expect(mask[4 * 16 + 15]).toBe(0);
    expect(mask[5 * 16]).toBe(255);
    expect(rasteriseStrokes([dot(-50, -50, 20)], 16, 10)).toEqual(new Uint8Array(160));
  });

  it('renders a region as the same pixels as the whole image', () => {
    const strokes: MaskStroke[] = [{ kind: 'stroke', tool: 'brush', size: 9, points: [3, 4, 25, 17] }];
    const whole = rasteriseStrokes(strokes, 30, 20);
    const region = { x: 5, y: 3, width: 12, height: 9 };
    const part = rasteriseStrokes(strokes, 30, 20, region);
    for (let y = 0; y < region.height; y++) {
      const start = (region.y + y) * 30 + region.x;
      expect(part.subarray(y * region.width, (y + 1) * region.width)).toEqual(
        whole.subarray(start, start + region.width),
      );
    }
  });

  it('bounds the brush strokes within the image', () => {
    expect(paintedBounds([dot(10, 10, 4)], 100, 100)).toEqual({ x: 8, y: 8, width: 4, height: 4 });
    expect(paintedBounds([dot(1, 99, 10)], 100, 100)).toEqual({ x: 0, y: 94, width: 6, height: 6 });
    expect(paintedBounds([dot(10, 10, 4, 'eraser')], 100, 100)).toBeNull();
    expect(paintedBounds([dot(-20, 10, 4)], 100, 100)).toBeNull();
  });
});

describe('the document mask', () => {
  it('is the visible strokes at the source size', () => {
    const doc = addStroke(clearMask(addStroke(emptyMaskDocument(40, 30), dot(5, 5, 6))), dot(30, 20, 8));
    expect(rasteriseMask(doc)).toEqual(reference([dot(30, 20, 8)], 40, 30));
    expect(rasteriseMask(doc)).toHaveLength(40 * 30);
  });

  it('is empty with no stroke, after a clear, off the image, or when erased', () => {
    const empty = emptyMaskDocument(64, 48);
    expect(isMaskEmpty(empty)).toBe(true);
    const painted = addStroke(empty, dot(10, 10, 6));
    expect(isMaskEmpty(painted)).toBe(false);
    expect(isMaskEmpty(clearMask(painted))).toBe(true);
    expect(isMaskEmpty(undo(clearMask(painted)))).toBe(false);
    expect(isMaskEmpty(addStroke(empty, dot(-30, 10, 6)))).toBe(true);
    expect(isMaskEmpty(addStroke(empty, dot(10, 10, 6, 'eraser')))).toBe(true);
    expect(isMaskEmpty(addStroke(painted, dot(10, 10, 12, 'eraser')))).toBe(true);
    expect(isMaskEmpty(addStroke(painted, dot(10, 10, 3, 'eraser')))).toBe(false);
    // A brush laid again after the eraser paints again.
    expect(isMaskEmpty(addStroke(addStroke(painted, dot(10, 10, 12, 'eraser')), dot(40, 40, 2)))).toBe(false);
  });
});

describe('the quick empty check', () => {
  it('agrees with rasterising the whole mask', () => {
    const next = (() => {
      let seed = 7;
      return () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    })();
    for (let round = 0; round < 200; round++) {
      let doc = emptyMaskDocument(24, 16);
      for (let s = 0; s < 3; s++) {
        const tool = next() < 0.4 ? 'eraser' : 'brush';
        doc = addStroke(doc, {
          kind: 'stroke',
          tool,
          size: 0.2 + next() * 6,
          points: [next() * 34 - 5, next() * 26 - 5],
        });
      }
      expect(isMaskEmpty(doc)).toBe(!rasteriseMask(doc).includes(255));
    }
  });
});

import { describe, expect, it } from 'vitest';
import {
  canZoomIn,
  canZoomOut,
  clampZoom,
  cssTransform,
  isSideways,
  PREVIEW_RESET,
  previewKey,
  rotateBy,
  zoomBy,
  ZOOM_MAX,
  ZOOM_MIN,
  ZOOM_STEP,
} from './preview.ts';

describe('image preview (rotate 90°, zoom 0.5-1.5 step 0.1)', () => {
  it('zooms in steps of 0.1 between 0.5 and 1.5, without drifting', () => {
    expect([ZOOM_MIN, ZOOM_MAX, ZOOM_STEP]).toEqual([0.5, 1.5, 0.1]);
    let transform = PREVIEW_RESET;
    const seen: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      transform = zoomBy(transform, 1);
      seen.push(transform.zoom);
    }
    expect(seen).toEqual([1.1, 1.2, 1.3, 1.4, 1.5, 1.5, 1.5, 1.5]);
    expect(canZoomIn(transform)).toBe(false);
    for (let i = 0; i < 12; i += 1) transform = zoomBy(transform, -1);
    expect(transform.zoom).toBe(0.5);
    expect(canZoomOut(transform)).toBe(false);
    expect(zoomBy({ zoom: 0.7, rotation: 0 }, 1).zoom).toBe(0.8);
  });

  it('clamps any zoom into the range', () => {
    expect(clampZoom(9)).toBe(1.5);
    expect(clampZoom(0)).toBe(0.5);
    expect(clampZoom(1.04)).toBe(1);
    expect(clampZoom(Number.NaN)).toBe(1);
  });

  it('rotates in quarter turns, both ways, and knows when the box is sideways', () => {
    const turns = [1, 2, 3, 4].map((count) => rotateBy(PREVIEW_RESET, count).rotation);
    expect(turns).toEqual([90, 180, 270, 0]);
    expect(rotateBy(PREVIEW_RESET, -1).rotation).toBe(270);
    expect(isSideways({ zoom: 1, rotation: 90 })).toBe(true);
    expect(isSideways({ zoom: 1, rotation: 180 })).toBe(false);
    expect(cssTransform({ zoom: 1.2, rotation: 270 })).toBe('rotate(270deg) scale(1.2)');
  });

  it('answers its keyboard shortcuts', () => {
    expect(previewKey('+', PREVIEW_RESET)?.zoom).toBe(1.1);
    expect(previewKey('-', PREVIEW_RESET)?.zoom).toBe(0.9);
    expect(previewKey('r', PREVIEW_RESET)?.rotation).toBe(90);
    expect(previewKey('0', { zoom: 1.3, rotation: 180 })).toEqual(PREVIEW_RESET);
    expect(previewKey('x', PREVIEW_RESET)).toBeNull();
  });
});

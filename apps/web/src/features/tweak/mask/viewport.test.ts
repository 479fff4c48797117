import { describe, expect, it } from 'vitest';
import {
  backingStoreSize,
  canvasToImage,
  clampViewport,
  clientToCss,
  clientToImage,
  cssToImage,
  fitViewport,
  imageToCanvas,
  imageToCanvasMatrix,
  imageToCss,
  panBy,
  pinchViewport,
  wheelViewport,
  wheelZoomFactor,
  zoomAround,
  zoomLimits,
  type Point,
  type Viewport,
} from './viewport.ts';

const image = { width: 1024, height: 768 };
const stage = { width: 400, height: 300 };

const close = (actual: Point, expected: Point) => {
  expect(actual.x).toBeCloseTo(expected.x, 9);
  expect(actual.y).toBeCloseTo(expected.y, 9);
};

describe('coordinate transforms', () => {
  const points: Point[] = [
    { x: 0, y: 0 },
    { x: 123.25, y: 456.5 },
    { x: 1024, y: 768 },
    { x: -10, y: 900 },
  ];

  for (const dpr of [1, 2, 3, 1.5]) {
    for (const zoom of [0.1, 0.390625, 1, 3.7, 8]) {
      it(`round-trip image <-> css <-> canvas at dpr ${dpr}, zoom ${zoom}`, () => {
        const viewport: Viewport = { zoom, panX: 17.5, panY: -42 };
        for (const point of points) {
          close(cssToImage(viewport, imageToCss(viewport, point)), point);
          close(canvasToImage(viewport, imageToCanvas(viewport, point, dpr), dpr), point);
          // The context matrix puts an image point where imageToCanvas says.
          const [a, b, c, d, e, f] = imageToCanvasMatrix(viewport, dpr);
          close(
            { x: a * point.x + c * point.y + e, y: b * point.x + d * point.y + f },
            imageToCanvas(viewport, point, dpr),
          );
        }
      });
    }
  }

  it('maps a pointer from the window to the image through the stage', () => {
    const rect = { left: 100, top: 50 };
    expect(clientToCss({ x: 130, y: 80 }, rect)).toEqual({ x: 30, y: 30 });
    const viewport = { zoom: 2, panX: 10, panY: 20 };
    expect(clientToImage(viewport, rect, { x: 130, y: 80 })).toEqual({ x: 10, y: 5 });
    expect(imageToCss(viewport, { x: 10, y: 5 })).toEqual({ x: 30, y: 30 });
  });

  it('sizes the backing store in whole device pixels', () => {
    expect(backingStoreSize({ width: 400, height: 300 }, 1)).toEqual({ width: 400, height: 300 });
    expect(backingStoreSize({ width: 400, height: 300 }, 2)).toEqual({ width: 800, height: 600 });
    expect(backingStoreSize({ width: 333.4, height: 100.2 }, 3)).toEqual({ width: 1000, height: 301 });
    expect(backingStoreSize({ width: 0, height: 0 }, 2)).toEqual({ width: 1, height: 1 });
  });
});

describe('the viewport', () => {
  it('fits the image, centred', () => {
    const fit = fitViewport(stage, image);
    expect(fit.zoom).toBeCloseTo(400 / 1024);
    close({ x: fit.panX, y: fit.panY }, { x: 0, y: 0 });
    const tall = fitViewport(stage, { width: 500, height: 1000 });
    expect(tall).toEqual({ zoom: 0.3, panX: 125, panY: 0 });
    close(imageToCss(tall, { x: 250, y: 500 }), { x: 200, y: 150 });
  });

  it('zooms around an anchor, which stays over the same image point', () => {
    const fit = fitViewport(stage, image);
    const anchor = { x: 300, y: 100 };
    const before = cssToImage(fit, anchor);
    const zoomed = zoomAround(fit, 2.5, anchor, stage, image);
    expect(zoomed.zoom).toBeCloseTo(fit.zoom * 2.5);
    close(cssToImage(zoomed, anchor), before);
  });

  it('keeps the zoom within its limits', () => {
    const fit = fitViewport(stage, image);
    const { min, max } = zoomLimits(stage, image);
    expect(min).toBeCloseTo(fit.zoom / 2);
    expect(max).toBe(8);
    expect(zoomAround(fit, 1000, { x: 200, y: 150 }, stage, image).zoom).toBe(8);
    expect(zoomAround(fit, 0.001, { x: 200, y: 150 }, stage, image).zoom).toBeCloseTo(min);
    // A small image on a big stage may still zoom to 4× its fitted size.
    expect(zoomLimits({ width: 2000, height: 2000 }, { width: 100, height: 100 }).max).toBe(80);
  });

  it('pans no further than keeps the image under the stage centre', () => {
    const zoomed = zoomAround(fitViewport(stage, image), 4, { x: 200, y: 150 }, stage, image);
    const far = panBy(zoomed, 1e6, -1e6, stage, image);
    expect(far.panX).toBe(200);
    expect(far.panY).toBe(150 - 768 * zoomed.zoom);
    const clamped = clampViewport({ zoom: 1, panX: -5000, panY: 5000 }, stage, image);
    expect(clamped).toEqual({ zoom: 1, panX: 200 - 1024, panY: 150 });
    const moved = panBy(zoomed, -30, 12, stage, image);
    expect([moved.panX - zoomed.panX, moved.panY - zoomed.panY]).toEqual([-30, 12]);
  });

  it('pinches: the spread zooms and the midpoint carries the image with it', () => {
    const start = zoomAround(fitViewport(stage, image), 2, { x: 200, y: 150 }, stage, image);
    const from = [
      { x: 150, y: 150 },
      { x: 250, y: 150 },
    ] as const;
    const to = [
      { x: 120, y: 170 },
      { x: 320, y: 170 },
    ] as const;
    const held = cssToImage(start, { x: 200, y: 150 });
    const pinched = pinchViewport(start, from, to, stage, image);
    expect(pinched.zoom).toBeCloseTo(start.zoom * 2);
    close(cssToImage(pinched, { x: 220, y: 170 }), held);
    // Two fingers moving together pan without zooming.
    const panned = pinchViewport(
      start,
      from,
      [
        { x: 160, y: 140 },
        { x: 260, y: 140 },
      ],
      stage,
      image,
    );
    expect(panned.zoom).toBeCloseTo(start.zoom);
    expect([panned.panX - start.panX, panned.panY - start.panY]).toEqual([10, -10]);
  });

  it('zooms in on a wheel turned up, out when turned down, bounded per event', () => {
    expect(wheelZoomFactor(-100, 0)).toBeGreaterThan(1.2);
    expect(wheelZoomFactor(100, 0)).toBeLessThan(1);
    expect(wheelZoomFactor(100, 0) * wheelZoomFactor(-100, 0)).toBeCloseTo(1);
    expect(wheelZoomFactor(-3, 1)).toBeCloseTo(wheelZoomFactor(-48, 0));
    expect(wheelZoomFactor(-1e6, 0)).toBeCloseTo(wheelZoomFactor(-200, 0));
  });
});

describe('the wheel', () => {
  const wheel = { deltaX: 0, deltaY: -100, deltaMode: 0, ctrlKey: false, metaKey: false, shiftKey: false };
  const fit = fitViewport(stage, image);
  const anchor = { x: 300, y: 100 };

  it('zooms at the cursor with Ctrl or Cmd (and trackpad pinches)', () => {
    for (const keys of [{ ctrlKey: true }, { metaKey: true }]) {
      const zoomed = wheelViewport({ ...wheel, ...keys }, fit, anchor, stage, image);
      expect(zoomed!.zoom).toBeGreaterThan(fit.zoom);
      close(cssToImage(zoomed!, anchor), cssToImage(fit, anchor));
    }
  });

  it('leaves the page to scroll until the image is larger than the stage, then pans it', () => {
    expect(wheelViewport(wheel, fit, anchor, stage, image)).toBeNull();
    const zoomed = zoomAround(fit, 3, { x: 200, y: 150 }, stage, image);
    const down = wheelViewport({ ...wheel, deltaY: 40 }, zoomed, anchor, stage, image)!;
    expect([down.zoom, down.panX, down.panY]).toEqual([zoomed.zoom, zoomed.panX, zoomed.panY - 40]);
    const sideways = wheelViewport(
      { ...wheel, deltaY: 2, deltaMode: 1, shiftKey: true },
      zoomed,
      anchor,
      stage,
      image,
    )!;
    expect([sideways.panX, sideways.panY]).toEqual([zoomed.panX - 32, zoomed.panY]);
  });
});

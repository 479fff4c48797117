/**
 * The four spaces of the mask editor and the maps between them:
 * - client: pointer events' clientX/clientY (the browser window, CSS pixels);
 * - css: the stage (the canvas's box), CSS pixels from its top-left corner;
 * - canvas: the canvas's backing store, css × devicePixelRatio, so lines stay sharp on dense screens;
 * - image: the source image's pixels, where strokes live, whatever the zoom, pan or screen.
 * A viewport is the zoom (CSS pixels per image pixel) and pan (where the image's top-left corner sits in css
 * space); the stage's size and the dpr come from the browser.
 */

export interface Point {
  x: number;
  y: number;
}

export interface Size {
  width: number;
  height: number;
}

export interface Viewport {
  zoom: number;
  panX: number;
  panY: number;
}

export const clientToCss = (client: Point, stage: { left: number; top: number }): Point => ({
  x: client.x - stage.left,
  y: client.y - stage.top,
});

export const cssToImage = (viewport: Viewport, css: Point): Point => ({
  x: (css.x - viewport.panX) / viewport.zoom,
  y: (css.y - viewport.panY) / viewport.zoom,
});

export const imageToCss = (viewport: Viewport, image: Point): Point => ({
  x: image.x * viewport.zoom + viewport.panX,
  y: image.y * viewport.zoom + viewport.panY,
});

export const cssToCanvas = (css: Point, dpr: number): Point => ({ x: css.x * dpr, y: css.y * dpr });

export const canvasToCss = (canvas: Point, dpr: number): Point => ({ x: canvas.x / dpr, y: canvas.y / dpr });

export const imageToCanvas = (viewport: Viewport, image: Point, dpr: number): Point =>
  cssToCanvas(imageToCss(viewport, image), dpr);

export const canvasToImage = (viewport: Viewport, canvas: Point, dpr: number): Point =>
  cssToImage(viewport, canvasToCss(canvas, dpr));

/** Where a pointer event lands on the image. */
export const clientToImage = (viewport: Viewport, stage: { left: number; top: number }, client: Point) =>
  cssToImage(viewport, clientToCss(client, stage));

/** The 2D context matrix [a, b, c, d, e, f] that draws image coordinates onto the backing store. */
export function imageToCanvasMatrix(
  viewport: Viewport,
  dpr: number,
): [number, number, number, number, number, number] {
  const scale = viewport.zoom * dpr;
  return [scale, 0, 0, scale, viewport.panX * dpr, viewport.panY * dpr];
}

/** The backing store for a canvas box: whole device pixels, never zero (a 0-wide canvas cannot be drawn on). */
export function backingStoreSize(css: Size, dpr: number): Size {
  return {
    width: Math.max(1, Math.round(css.width * dpr)),
    height: Math.max(1, Math.round(css.height * dpr)),
  };
}

/** The whole image, as large as the stage allows, centred. */
export function fitViewport(stage: Size, image: Size): Viewport {
  const zoom = fitZoom(stage, image);
  return {
    zoom,
    panX: (stage.width - image.width * zoom) / 2,
    panY: (stage.height - image.height * zoom) / 2,
  };
}

function fitZoom(stage: Size, image: Size): number {
  const zoom = Math.min(stage.width / image.width, stage.height / image.height);
  return Number.isFinite(zoom) && zoom > 0 ? zoom : 1;
}

// Down to half the fitted size (room to see the edges), up to 8 CSS pixels per image pixel (single pixels
// for fine edges) or 4× the fitted size on small images shown on big screens.
export function zoomLimits(stage: Size, image: Size): { min: number; max: number } {
  const fit = fitZoom(stage, image);
  return { min: fit / 2, max: Math.max(8, fit * 4) };
}

/** Within the zoom limits, and panned no further than keeps some image under the stage's centre. */
export function clampViewport(viewport: Viewport, stage: Size, image: Size): Viewport {
  const { min, max } = zoomLimits(stage, image);
  const zoom = Math.min(max, Math.max(min, viewport.zoom));
  const clamp = (pan: number, stageSide: number, imageSide: number) =>
    Math.min(stageSide / 2, Math.max(stageSide / 2 - imageSide * zoom, pan));
  return {
    zoom,
    panX: clamp(viewport.panX, stage.width, image.width),
    panY: clamp(viewport.panY, stage.height, image.height),
  };
}

/** Zooms by `factor`, keeping the image point under `anchor` (css) where it is: the cursor, the pinch. */
export function zoomAround(
  viewport: Viewport,
  factor: number,
  anchor: Point,
  stage: Size,
  image: Size,
): Viewport {
  const { min, max } = zoomLimits(stage, image);
  const zoom = Math.min(max, Math.max(min, viewport.zoom * factor));
  const fixed = cssToImage(viewport, anchor);
  return clampViewport(
    { zoom, panX: anchor.x - fixed.x * zoom, panY: anchor.y - fixed.y * zoom },
    stage,
    image,
  );
}

export function panBy(viewport: Viewport, dx: number, dy: number, stage: Size, image: Size): Viewport {
  return clampViewport({ ...viewport, panX: viewport.panX + dx, panY: viewport.panY + dy }, stage, image);
}

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
const middle = (a: Point, b: Point): Point => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });

/**
 * Two fingers moved from `from` to `to` (css): the spread zooms, and the image point that was between them
 * at the start follows their midpoint, so a pinch zooms and pans in one gesture.
 */
export function pinchViewport(
  start: Viewport,
  from: readonly [Point, Point],
  to: readonly [Point, Point],
  stage: Size,
  image: Size,
): Viewport {
  const startSpread = distance(from[0], from[1]);
  const factor = startSpread > 0 ? distance(to[0], to[1]) / startSpread : 1;
  const { min, max } = zoomLimits(stage, image);
  const zoom = Math.min(max, Math.max(min, start.zoom * factor));
  const held = cssToImage(start, middle(from[0], from[1]));
  const now = middle(to[0], to[1]);
  return clampViewport({ zoom, panX: now.x - held.x * zoom, panY: now.y - held.y * zoom }, stage, image);
}

/** The zoom factor of one wheel event: a mouse notch (~100 px) ≈ ×1.22, trackpad pinches proportionally. */
export function wheelZoomFactor(deltaY: number, deltaMode: number): number {
  const pixels = deltaMode === 1 ? deltaY * 16 : deltaMode === 2 ? deltaY * 400 : deltaY;
  return Math.exp(-Math.max(-200, Math.min(200, pixels)) * 0.002);
}

/** The parts of a WheelEvent that move the view. */
export interface WheelInput {
  deltaX: number;
  deltaY: number;
  deltaMode: number;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
}

/**
 * The view after a wheel event at `anchor` (css), or null where the wheel should scroll the page instead.
 * Ctrl/Cmd + wheel zooms at the cursor (trackpad pinches arrive so too); a plain wheel moves the image once it
 * is larger than the stage, and scrolls the page until then.
 */
export function wheelViewport(
  wheel: WheelInput,
  viewport: Viewport,
  anchor: Point,
  stage: Size,
  image: Size,
): Viewport | null {
  if (wheel.ctrlKey || wheel.metaKey) {
    return zoomAround(viewport, wheelZoomFactor(wheel.deltaY, wheel.deltaMode), anchor, stage, image);
  }
  if (viewport.zoom <= fitZoom(stage, image) * 1.001) return null;
  const unit = wheel.deltaMode === 1 ? 16 : wheel.deltaMode === 2 ? stage.height : 1;
  const dx = (wheel.shiftKey ? wheel.deltaY : wheel.deltaX) * unit;
  const dy = (wheel.shiftKey ? 0 : wheel.deltaY) * unit;
  return panBy(viewport, -dx, -dy, stage, image);
}

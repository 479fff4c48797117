/**
 * The image preview's transform (docs/product/image-viewer.md#the-viewer: rotate in 90-degree steps;
 * docs/product/image-viewer.md#the-viewer: zoom 0.5-1.5, step 0.1).
 * Zoom is kept in tenths so that repeated steps never drift (0.1 + 0.2 !== 0.3 in floating point).
 */

export const ZOOM_MIN = 0.5;
export const ZOOM_MAX = 1.5;
export const ZOOM_STEP = 0.1;

export interface PreviewTransform {
  /** 0.5 to 1.5. */
  zoom: number;
  /** 0, 90, 180 or 270 (clockwise). */
  rotation: number;
}

export const PREVIEW_RESET: PreviewTransform = { zoom: 1, rotation: 0 };

const tenths = (value: number) => Math.round(value * 10);

export function clampZoom(zoom: number): number {
  if (!Number.isFinite(zoom)) return 1;
  return Math.min(tenths(ZOOM_MAX), Math.max(tenths(ZOOM_MIN), tenths(zoom))) / 10;
}

export function zoomBy(transform: PreviewTransform, steps: number): PreviewTransform {
  return { ...transform, zoom: clampZoom((tenths(transform.zoom) + steps * tenths(ZOOM_STEP)) / 10) };
}

/** One quarter turn clockwise (or counter-clockwise with -1). */
export function rotateBy(transform: PreviewTransform, quarterTurns = 1): PreviewTransform {
  return { ...transform, rotation: (((transform.rotation + quarterTurns * 90) % 360) + 360) % 360 };
}

export const canZoomIn = (transform: PreviewTransform) => transform.zoom < ZOOM_MAX;
export const canZoomOut = (transform: PreviewTransform) => transform.zoom > ZOOM_MIN;
export const isReset = (transform: PreviewTransform) => transform.zoom === 1 && transform.rotation === 0;

/** A quarter or three-quarter turn swaps the box's width and height on screen. */
export const isSideways = (transform: PreviewTransform) => transform.rotation % 180 !== 0;

/** The CSS transform of the image box. */
export function cssTransform(transform: PreviewTransform): string {
  return `rotate(${transform.rotation}deg) scale(${transform.zoom})`;
}

/** Keyboard shortcuts of the preview: + and - zoom, r rotates, 0 resets. */
export function previewKey(key: string, transform: PreviewTransform): PreviewTransform | null {
  switch (key) {
    case '+':
    case '=':
      return zoomBy(transform, 1);
    case '-':
    case '_':
      return zoomBy(transform, -1);
    case 'r':
    case 'R':
      return rotateBy(transform, 1);
    case '0':
      return PREVIEW_RESET;
    default:
      return null;
  }
}

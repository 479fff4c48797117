/**
 * One frame of the editor's canvas: the image, the mask layer over it (translucent accent colour), and the
 * brush outline, all in the backing store's device pixels.
 */
import { imageToCanvasMatrix, type Point, type Size, type Viewport } from './viewport.ts';

// Half-covered: the painted area reads at a glance and the picture still shows through it.
const OVERLAY_ALPHA = 0.5;

export interface BrushOutline {
  /** css pixels */
  centre: Point;
  radius: number;
  /** The eraser's outline is dashed, so the tool in hand shows where the user looks. */
  dashed: boolean;
}

export interface Frame {
  context: CanvasRenderingContext2D;
  image: CanvasImageSource | null;
  imageSize: Size;
  layer: CanvasImageSource;
  viewport: Viewport;
  dpr: number;
  outline: BrushOutline | null;
}

export function drawFrame({ context, image, imageSize, layer, viewport, dpr, outline }: Frame) {
  const { width, height } = imageSize;
  context.setTransform(1, 0, 0, 1, 0, 0);
  context.clearRect(0, 0, context.canvas.width, context.canvas.height);
  if (image) {
    context.setTransform(...imageToCanvasMatrix(viewport, dpr));
    context.drawImage(image, 0, 0, width, height);
    context.globalAlpha = OVERLAY_ALPHA;
    context.drawImage(layer, 0, 0, width, height);
    context.globalAlpha = 1;
  }
  if (!outline) return;
  // White on a dark halo: visible on any picture.
  context.setTransform(dpr, 0, 0, dpr, 0, 0);
  context.beginPath();
  context.arc(outline.centre.x, outline.centre.y, Math.max(1, outline.radius), 0, Math.PI * 2);
  context.setLineDash([]);
  context.lineWidth = 3;
  context.strokeStyle = 'rgba(0, 0, 0, 0.55)';
  context.stroke();
  context.setLineDash(outline.dashed ? [4, 4] : []);
  context.lineWidth = 1.5;
  context.strokeStyle = '#fff';
  context.stroke();
  context.setLineDash([]);
}

/**
 * Calls `onResize` with the canvas's CSS size and the devicePixelRatio now and whenever either changes
 * (moving the window to a screen of another density changes only the ratio); returns the unsubscribe.
 */
export function watchCanvasSize(canvas: HTMLCanvasElement, onResize: (css: Size, dpr: number) => void) {
  const measure = () => {
    const box = canvas.getBoundingClientRect();
    onResize(
      { width: Math.max(1, box.width), height: Math.max(1, box.height) },
      window.devicePixelRatio || 1,
    );
  };
  const observer = new ResizeObserver(measure);
  observer.observe(canvas);
  let stopWatchingRatio = () => {};
  const watchRatio = () => {
    const query = window.matchMedia(`(resolution: ${window.devicePixelRatio || 1}dppx)`);
    const onChange = () => {
      measure();
      watchRatio();
    };
    query.addEventListener('change', onChange, { once: true });
    stopWatchingRatio = () => query.removeEventListener('change', onChange);
  };
  watchRatio();
  measure();
  return () => {
    observer.disconnect();
    stopWatchingRatio();
  };
}

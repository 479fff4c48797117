/**
 * The on-screen mask: strokes drawn with Canvas 2D onto an offscreen layer in image coordinates, which the
 * editor lays over the image, translucent. Same geometry as raster.ts (round caps and joins, diameter = size)
 * with Canvas's antialiased edge; the exported file comes from raster.ts, not from this layer.
 */
import type { MaskStroke } from './strokes.ts';

// A layer is display only: beyond 2048 px on the long side it is drawn scaled down (a 4096² layer would
// hold 64 MB of a phone's memory for no visible gain at the fitted zoom).
const MAX_LAYER_SIDE = 2048;

export interface MaskLayer {
  canvas: HTMLCanvasElement;
  context: CanvasRenderingContext2D;
  /** Layer pixels per image pixel (1, or less on large images). */
  scale: number;
  colour: string;
}

export function createMaskLayer(width: number, height: number, colour: string): MaskLayer {
  const scale = Math.min(1, MAX_LAYER_SIDE / Math.max(width, height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(width * scale));
  canvas.height = Math.max(1, Math.round(height * scale));
  const context = canvas.getContext('2d');
  if (!context) throw new Error('Canvas 2D is not available');
  return { canvas, context, scale, colour };
}

/** Sets up the pen for a stroke: the eraser cuts the layer away instead of painting on it. */
function pen(layer: MaskLayer, stroke: MaskStroke): CanvasRenderingContext2D {
  const { context } = layer;
  context.setTransform(layer.scale, 0, 0, layer.scale, 0, 0);
  context.globalCompositeOperation = stroke.tool === 'eraser' ? 'destination-out' : 'source-over';
  context.strokeStyle = layer.colour;
  context.fillStyle = layer.colour;
  context.lineWidth = stroke.size;
  context.lineCap = 'round';
  context.lineJoin = 'round';
  return context;
}

/**
 * Draws the stroke's points from point `from` on (0: the whole stroke). A live stroke is drawn a segment at
 * a time as points arrive; the opaque layer makes overlapping segments look like one stroke.
 */
export function drawStroke(layer: MaskLayer, stroke: MaskStroke, from = 0) {
  const { points } = stroke;
  const context = pen(layer, stroke);
  if (points.every((value, i) => value === points[i % 2])) {
    // Canvas drops a zero-length line, round caps or not: a single point (maybe repeated) is a disk.
    context.beginPath();
    context.arc(points[0]!, points[1]!, stroke.size / 2, 0, Math.PI * 2);
    context.fill();
    return;
  }
  const start = Math.max(0, from - 1) * 2;
  context.beginPath();
  context.moveTo(points[start]!, points[start + 1]!);
  for (let i = start + 2; i + 1 < points.length; i += 2) context.lineTo(points[i]!, points[i + 1]!);
  context.stroke();
}

export function renderLayer(layer: MaskLayer, strokes: readonly MaskStroke[]) {
  const { context, canvas } = layer;
  context.setTransform(1, 0, 0, 1, 0, 0);
  context.globalCompositeOperation = 'source-over';
  context.clearRect(0, 0, canvas.width, canvas.height);
  for (const stroke of strokes) drawStroke(layer, stroke);
}

/** Frees the layer's memory now rather than at the next collection (Safari counts canvas memory tightly). */
export function releaseMaskLayer(layer: MaskLayer) {
  layer.canvas.width = 0;
  layer.canvas.height = 0;
}

/**
 * The rasteriser: strokes -> one byte per source pixel, 255 where the image is to be repainted, 0 elsewhere.
 *
 * Decision: this pure function, not Canvas 2D, produces both the exported mask and the empty check, so what
 * the worker receives is exactly what the tests pin down, pixel for pixel, and a hard-edged black-or-white
 * mask (no antialiased greys for the inpainting model to half-repaint). The editor's on-screen overlay is
 * drawn with Canvas 2D (layer.ts) from the same geometry: a pixel is painted when its centre lies within
 * size/2 of the stroke's centre line, i.e. round-capped, round-joined thick polylines; they differ only in
 * Canvas's antialiased edge.
 */
import { visibleStrokes, type MaskDocument, type MaskStroke } from './strokes.ts';

export interface PixelRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

const PAINTED = 255;

/** The x range, on the horizontal line at height y, within r of the point (cx, cy); null when none. */
function diskSpan(cx: number, cy: number, r: number, y: number): [number, number] | null {
  const dy = y - cy;
  if (Math.abs(dy) > r) return null;
  const half = Math.sqrt(r * r - dy * dy);
  return [cx - half, cx + half];
}

/** Solves lo <= c·u <= hi for u. */
function linearSpan(c: number, lo: number, hi: number): [number, number] | null {
  if (c > 0) return [lo / c, hi / c];
  if (c < 0) return [hi / c, lo / c];
  return lo <= 0 && hi >= 0 ? [-Infinity, Infinity] : null;
}

/**
 * The x range, on the line at height y, within r of the segment a-b. A capsule is convex, so its section is
 * one interval: the hull of the sections of its two end disks and of its body (the points that project onto
 * the segment within r of it).
 */
function capsuleSpan(
  ax: number,
  ay: number,
  bx: number,
  by: number,
  r: number,
  y: number,
): [number, number] | null {
  let left = Infinity;
  let right = -Infinity;
  const widen = (span: [number, number] | null) => {
    if (!span || span[0] > span[1]) return;
    left = Math.min(left, span[0]);
    right = Math.max(right, span[1]);
  };
  widen(diskSpan(ax, ay, r, y));
  widen(diskSpan(bx, by, r, y));
  const dx = bx - ax;
  const dy = by - ay;
  const lengthSquared = dx * dx + dy * dy;
  if (lengthSquared > 0) {
    // With u = x - ax and v = y - ay: 0 <= dx·u + dy·v <= |ab|² (projects onto the segment) and
    // |dx·v - dy·u| <= r·|ab| (within r of its line).
    const v = y - ay;
    const reach = r * Math.sqrt(lengthSquared);
    const along = linearSpan(dx, -dy * v, lengthSquared - dy * v);
    const across = linearSpan(-dy, -reach - dx * v, reach - dx * v);
    if (along && across) widen([ax + Math.max(along[0], across[0]), ax + Math.min(along[1], across[1])]);
  }
  return left <= right ? [left, right] : null;
}

/** Paints (or unpaints) one round-capped segment into the region's buffer, a row span at a time. */
function drawCapsule(
  buffer: Uint8Array,
  region: PixelRect,
  ax: number,
  ay: number,
  bx: number,
  by: number,
  r: number,
  value: number,
) {
  const top = Math.max(region.y, Math.floor(Math.min(ay, by) - r - 0.5));
  const bottom = Math.min(region.y + region.height - 1, Math.ceil(Math.max(ay, by) + r - 0.5));
  for (let row = top; row <= bottom; row++) {
    const span = capsuleSpan(ax, ay, bx, by, r, row + 0.5);
    if (!span) continue;
    // Columns whose pixel centre (column + 0.5) lies in the span.
    const first = Math.max(region.x, Math.ceil(span[0] - 0.5));
    const last = Math.min(region.x + region.width - 1, Math.floor(span[1] - 0.5));
    if (first > last) continue;
    const offset = (row - region.y) * region.width - region.x;
    buffer.fill(value, offset + first, offset + last + 1);
  }
}

function drawStroke(buffer: Uint8Array, region: PixelRect, stroke: MaskStroke) {
  const { points } = stroke;
  const r = stroke.size / 2;
  const value = stroke.tool === 'brush' ? PAINTED : 0;
  if (points.length === 2) {
    drawCapsule(buffer, region, points[0]!, points[1]!, points[0]!, points[1]!, r, value);
    return;
  }
  for (let i = 2; i + 1 < points.length; i += 2) {
    drawCapsule(buffer, region, points[i - 2]!, points[i - 1]!, points[i]!, points[i + 1]!, r, value);
  }
}

/**
 * The mask of these strokes (in order: erasers unpaint what came before) over a width × height image,
 * row-major, one byte a pixel. With `region`, only that rectangle of it (its own width × height buffer).
 */
export function rasteriseStrokes(
  strokes: readonly MaskStroke[],
  width: number,
  height: number,
  region: PixelRect = { x: 0, y: 0, width, height },
): Uint8Array {
  const buffer = new Uint8Array(region.width * region.height);
  for (const stroke of strokes) drawStroke(buffer, region, stroke);
  return buffer;
}

/** The pixels the brush strokes may have painted (clipped to the image), or null when none can be. */
export function paintedBounds(
  strokes: readonly MaskStroke[],
  width: number,
  height: number,
): PixelRect | null {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const stroke of strokes) {
    if (stroke.tool !== 'brush') continue;
    const r = stroke.size / 2;
    for (let i = 0; i + 1 < stroke.points.length; i += 2) {
      minX = Math.min(minX, stroke.points[i]! - r);
      maxX = Math.max(maxX, stroke.points[i]! + r);
      minY = Math.min(minY, stroke.points[i + 1]! - r);
      maxY = Math.max(maxY, stroke.points[i + 1]! + r);
    }
  }
  const x = Math.max(0, Math.floor(minX));
  const y = Math.max(0, Math.floor(minY));
  const right = Math.min(width, Math.ceil(maxX));
  const bottom = Math.min(height, Math.ceil(maxY));
  return right > x && bottom > y ? { x, y, width: right - x, height: bottom - y } : null;
}

/** The document's mask at the source's size: what maskToPng encodes. */
export function rasteriseMask(doc: MaskDocument): Uint8Array {
  return rasteriseStrokes(visibleStrokes(doc.done), doc.width, doc.height);
}

function touchesImage({ points }: MaskStroke, width: number, height: number): boolean {
  for (let i = 0; i + 1 < points.length; i += 2) {
    const x = points[i]!;
    const y = points[i + 1]!;
    if (x >= 0 && x <= width && y >= 0 && y <= height) return true;
  }
  return false;
}

/**
 * Whether no pixel is painted: strokes are not enough to tell (an eraser may have undone them, a brush may
 * have stayed off the image), so this rasterises, but only the area the brush strokes can reach.
 */
export function isMaskEmpty(doc: MaskDocument): boolean {
  const strokes = visibleStrokes(doc.done);
  // Quick answer on every stroke's release: a brush stroke that no eraser followed, with a point on the
  // image and a radius of at least √½ px, paints the pixel nearest that point (no point of the image is
  // further than √½ px from a pixel centre).
  for (let i = strokes.length - 1; i >= 0 && strokes[i]!.tool === 'brush'; i--) {
    if (strokes[i]!.size / 2 >= Math.SQRT1_2 && touchesImage(strokes[i]!, doc.width, doc.height))
      return false;
  }
  const bounds = paintedBounds(strokes, doc.width, doc.height);
  if (!bounds) return true;
  return !rasteriseStrokes(strokes, doc.width, doc.height, bounds).includes(PAINTED);
}

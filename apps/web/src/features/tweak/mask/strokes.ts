/**
 * The mask as data: a list of strokes in source-image pixels, with undo and redo. A `MaskDocument` is plain
 * JSON, so the tweak page can keep it across navigation and hand it back; coordinates in image pixels make it
 * independent of the zoom, the screen and its devicePixelRatio.
 */

export type PaintTool = 'brush' | 'eraser';

/** One press-drag-release of the brush (paints) or the eraser (unpaints). */
export interface MaskStroke {
  kind: 'stroke';
  tool: PaintTool;
  /** Diameter in source pixels. */
  size: number;
  /** Centre line, flat [x0, y0, x1, y1, …] in source pixels: a single point paints a disk. */
  points: number[];
}

/** "Clear" is an entry of its own so that it can be undone like a stroke. */
export interface MaskClear {
  kind: 'clear';
}

export type MaskAction = MaskStroke | MaskClear;

export interface MaskDocument {
  version: 1;
  /** The source image's pixel size the coordinates refer to. */
  width: number;
  height: number;
  /** Applied actions, oldest first. */
  done: MaskAction[];
  /** Undone actions, the next one to redo last. */
  undone: MaskAction[];
}

export function emptyMaskDocument(width: number, height: number): MaskDocument {
  return { version: 1, width, height, done: [], undone: [] };
}

/** The strokes that make up the mask now: those after the last clear. */
export function visibleStrokes(done: readonly MaskAction[]): MaskStroke[] {
  const strokes: MaskStroke[] = [];
  for (const action of done) {
    if (action.kind === 'clear') strokes.length = 0;
    else strokes.push(action);
  }
  return strokes;
}

/** A new action forks history: what was undone can no longer be redone. */
export function applyAction(doc: MaskDocument, action: MaskAction): MaskDocument {
  return { ...doc, done: [...doc.done, action], undone: [] };
}

export function addStroke(doc: MaskDocument, stroke: MaskStroke): MaskDocument {
  return stroke.points.length >= 2 ? applyAction(doc, stroke) : doc;
}

/** Clearing an already clear mask adds nothing to undo. */
export function clearMask(doc: MaskDocument): MaskDocument {
  return visibleStrokes(doc.done).length === 0 ? doc : applyAction(doc, { kind: 'clear' });
}

export const canUndo = (doc: MaskDocument) => doc.done.length > 0;
export const canRedo = (doc: MaskDocument) => doc.undone.length > 0;

export function undo(doc: MaskDocument): MaskDocument {
  const last = doc.done.at(-1);
  if (!last) return doc;
  return { ...doc, done: doc.done.slice(0, -1), undone: [...doc.undone, last] };
}

export function redo(doc: MaskDocument): MaskDocument {
  const next = doc.undone.at(-1);
  if (!next) return doc;
  return { ...doc, done: [...doc.done, next], undone: doc.undone.slice(0, -1) };
}

/** Hundredths of a pixel: finer than any display needs, and keeps the JSON short. */
export const roundCoordinate = (value: number) => Math.round(value * 100) / 100;

export function startStroke(tool: PaintTool, size: number, at: { x: number; y: number }): MaskStroke {
  return { kind: 'stroke', tool, size, points: [roundCoordinate(at.x), roundCoordinate(at.y)] };
}

/**
 * Adds a point to a stroke being drawn, unless it lies within `minStep` of the last one (a pointer sends
 * far more points than a shape needs); whether it was added. The stroke is mutated: it is not committed yet.
 */
export function extendStroke(stroke: MaskStroke, at: { x: number; y: number }, minStep: number): boolean {
  const x = roundCoordinate(at.x);
  const y = roundCoordinate(at.y);
  const { points } = stroke;
  const distance = Math.hypot(x - points[points.length - 2]!, y - points[points.length - 1]!);
  if (!(distance > 0) || distance < minStep) return false;
  points.push(x, y);
  return true;
}

// Brush sizes scale with the source: 1 px is fine detail on any image, a quarter of the long side covers a
// large area in a few strokes.
export function brushSizeRange(width: number, height: number): { min: number; max: number } {
  return { min: 1, max: Math.max(8, Math.round(Math.max(width, height) / 4)) };
}

export function defaultBrushSize(width: number, height: number): number {
  return clampBrushSize(Math.round(Math.max(width, height) / 20), width, height);
}

export function clampBrushSize(size: number, width: number, height: number): number {
  const { min, max } = brushSizeRange(width, height);
  return Math.min(max, Math.max(min, Math.round(size)));
}

/** `[` and `]`: about 15 % a step, so small and large brushes change at the same pace, never less than 1 px. */
export function stepBrushSize(size: number, direction: 1 | -1, width: number, height: number): number {
  const step = Math.max(1, Math.round(size * 0.15));
  return clampBrushSize(size + direction * step, width, height);
}

// Restoring: the page's stored JSON may be old, foreign or tampered with; anything off is dropped rather than
// trusted, and a document for another image size is no document at all.
const MAX_POINTS = 200_000;

function parseAction(value: unknown): MaskAction | null {
  if (typeof value !== 'object' || value === null) return null;
  const entry = value as Record<string, unknown>;
  if (entry.kind === 'clear') return { kind: 'clear' };
  if (entry.kind !== 'stroke' || (entry.tool !== 'brush' && entry.tool !== 'eraser')) return null;
  const { size, points } = entry;
  if (typeof size !== 'number' || !Number.isFinite(size) || size <= 0) return null;
  if (!Array.isArray(points) || points.length < 2 || points.length % 2 !== 0) return null;
  if (points.length > MAX_POINTS || !points.every((n) => typeof n === 'number' && Number.isFinite(n))) {
    return null;
  }
  return { kind: 'stroke', tool: entry.tool, size, points: points as number[] };
}

function parseActions(value: unknown): MaskAction[] | null {
  if (!Array.isArray(value)) return null;
  const actions = value.map(parseAction);
  return actions.every((action) => action !== null) ? actions : null;
}

/** A stored document (parsed JSON) for an image of this size, or null when it is not one. */
export function parseMaskDocument(value: unknown, width: number, height: number): MaskDocument | null {
  if (typeof value !== 'object' || value === null) return null;
  const doc = value as Record<string, unknown>;
  if (doc.version !== 1 || doc.width !== width || doc.height !== height) return null;
  const done = parseActions(doc.done);
  const undone = parseActions(doc.undone ?? []);
  return done && undone ? { version: 1, width, height, done, undone } : null;
}

import { describe, expect, it } from 'vitest';
import {
  addStroke,
  brushSizeRange,
  canRedo,
  canUndo,
  clampBrushSize,
  clearMask,
  defaultBrushSize,
  emptyMaskDocument,
  extendStroke,
  parseMaskDocument,
  redo,
  startStroke,
  stepBrushSize,
  undo,
  visibleStrokes,
  type MaskStroke,
} from './strokes.ts';

const brush = (x: number, size = 10): MaskStroke => ({
  kind: 'stroke',
  tool: 'brush',
  size,
  points: [x, 5, x + 4, 9],
});
const eraser = (x: number): MaskStroke => ({ kind: 'stroke', tool: 'eraser', size: 6, points: [x, 5] });

describe('the stroke history', () => {
  it('undoes and redoes strokes in order', () => {
    let doc = emptyMaskDocument(100, 80);
    expect([canUndo(doc), canRedo(doc)]).toEqual([false, false]);
    doc = addStroke(addStroke(doc, brush(1)), brush(2));
    doc = undo(doc);
    expect(visibleStrokes(doc.done)).toEqual([brush(1)]);
    expect([canUndo(doc), canRedo(doc)]).toEqual([true, true]);
    doc = undo(doc);
    expect(visibleStrokes(doc.done)).toEqual([]);
    expect(undo(doc)).toBe(doc);
    doc = redo(doc);
    expect(visibleStrokes(doc.done)).toEqual([brush(1)]);
    doc = redo(doc);
    expect(visibleStrokes(doc.done)).toEqual([brush(1), brush(2)]);
    expect(redo(doc)).toBe(doc);
  });

  it('forgets what was undone once a new stroke is drawn', () => {
    let doc = addStroke(addStroke(emptyMaskDocument(100, 80), brush(1)), brush(2));
    doc = addStroke(undo(doc), brush(3));
    expect(canRedo(doc)).toBe(false);
    expect(visibleStrokes(doc.done)).toEqual([brush(1), brush(3)]);
  });

  it('keeps eraser strokes in order between brush strokes', () => {
    const doc = addStroke(addStroke(addStroke(emptyMaskDocument(50, 50), brush(1)), eraser(2)), brush(3));
    expect(visibleStrokes(doc.done).map((stroke) => stroke.tool)).toEqual(['brush', 'eraser', 'brush']);
    expect(visibleStrokes(undo(doc).done).at(-1)).toEqual(eraser(2));
  });

  it('ignores a stroke without points', () => {
    const doc = emptyMaskDocument(50, 50);
    expect(addStroke(doc, { kind: 'stroke', tool: 'brush', size: 4, points: [] })).toBe(doc);
  });

  it('makes clear an undoable step, and a no-op on a clear mask', () => {
    const empty = emptyMaskDocument(50, 50);
    expect(clearMask(empty)).toBe(empty);
    let doc = addStroke(addStroke(empty, brush(1)), brush(2));
    doc = clearMask(doc);
    expect(visibleStrokes(doc.done)).toEqual([]);
    expect(clearMask(doc)).toBe(doc);
    doc = undo(doc);
    expect(visibleStrokes(doc.done)).toEqual([brush(1), brush(2)]);
    doc = redo(doc);
    expect(visibleStrokes(doc.done)).toEqual([]);
    doc = addStroke(doc, brush(4));
    expect(visibleStrokes(doc.done)).toEqual([brush(4)]);
  });
});

describe('the stored document', () => {
  it('survives a JSON round trip, redo list included', () => {
    let doc = emptyMaskDocument(640, 480);
    doc = addStroke(doc, { kind: 'stroke', tool: 'brush', size: 12.5, points: [1.25, 2.5, 300.75, 400.01] });
    doc = addStroke(doc, eraser(20));
    doc = clearMask(doc);
    doc = addStroke(doc, brush(7));
    doc = undo(doc);
    const restored = parseMaskDocument(JSON.parse(JSON.stringify(doc)), 640, 480);
    expect(restored).toEqual(doc);
  });

  it('refuses a document of another image size or a damaged one', () => {
    const doc = addStroke(emptyMaskDocument(640, 480), brush(1));
    const stored = JSON.parse(JSON.stringify(doc)) as Record<string, unknown>;
    expect(parseMaskDocument(stored, 480, 640)).toBeNull();
    expect(parseMaskDocument(null, 640, 480)).toBeNull();
    expect(parseMaskDocument('nope', 640, 480)).toBeNull();
    expect(parseMaskDocument({ ...stored, version: 2 }, 640, 480)).toBeNull();
    const bad = [
      { kind: 'stroke', tool: 'spray', size: 4, points: [1, 2] },
      { kind: 'stroke', tool: 'brush', size: -1, points: [1, 2] },
      { kind: 'stroke', tool: 'brush', size: 4, points: [1, 2, 3] },
      { kind: 'stroke', tool: 'brush', size: 4, points: [1, '2'] },
      { kind: 'stroke', tool: 'brush', size: 4, points: [1, null] },
      'clear',
    ];
    for (const action of bad) expect(parseMaskDocument({ ...stored, done: [action] }, 640, 480)).toBeNull();
  });

  it('reads a document stored without its redo list', () => {
    const doc = addStroke(emptyMaskDocument(64, 64), brush(1));
    expect(parseMaskDocument({ version: 1, width: 64, height: 64, done: doc.done }, 64, 64)).toEqual(doc);
  });
});

describe('brush sizes', () => {
  it('scale with the image, from 1 px to a quarter of its long side', () => {
    expect(brushSizeRange(1024, 768)).toEqual({ min: 1, max: 256 });
    expect(brushSizeRange(16, 16)).toEqual({ min: 1, max: 8 });
    expect(defaultBrushSize(1024, 768)).toBe(51);
    expect(clampBrushSize(0.2, 1024, 768)).toBe(1);
    expect(clampBrushSize(9999, 1024, 768)).toBe(256);
  });

  it('step by about 15 %, at least 1 px, within the range', () => {
    expect(stepBrushSize(40, 1, 1024, 768)).toBe(46);
    expect(stepBrushSize(40, -1, 1024, 768)).toBe(34);
    expect(stepBrushSize(2, 1, 1024, 768)).toBe(3);
    expect(stepBrushSize(1, -1, 1024, 768)).toBe(1);
    expect(stepBrushSize(250, 1, 1024, 768)).toBe(256);
  });
});

describe('a stroke being drawn', () => {
  it('starts at a rounded point and takes points at least a step apart', () => {
    const stroke = startStroke('eraser', 12, { x: 10.123, y: 20.987 });
    expect(stroke).toEqual({ kind: 'stroke', tool: 'eraser', size: 12, points: [10.12, 20.99] });
    expect(extendStroke(stroke, { x: 10.5, y: 20.99 }, 1)).toBe(false);
    expect(extendStroke(stroke, { x: 12, y: 20.99 }, 1)).toBe(true);
    expect(extendStroke(stroke, { x: 12.001, y: 20.99 }, 0)).toBe(false);
    expect(stroke.points).toEqual([10.12, 20.99, 12, 20.99]);
  });
});

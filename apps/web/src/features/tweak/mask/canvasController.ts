/**
 * The editor's canvas, driven imperatively: pointer input (mouse, pen, touch), zoom and pan, and drawing on
 * requestAnimationFrame. React hears of a stroke once, when it is released (onStroke); moves, zooms and the
 * brush outline never re-render it. Strokes are taken in image coordinates (viewport.ts) and shown on a
 * layer (layer.ts) laid over the image.
 *
 * Input: one finger, the pen or the left button paints (or pans with the move tool, or the mouse while
 * Space is held or with the middle button); two fingers pinch to zoom and pan; Ctrl/Cmd + wheel (and
 * trackpad pinches, which browsers send as such) zoom at the cursor; the wheel pans once zoomed in.
 */
import { drawFrame, watchCanvasSize, type BrushOutline } from './frame.ts';
import { createMaskLayer, drawStroke, releaseMaskLayer, renderLayer, type MaskLayer } from './layer.ts';
import { isTextEntry } from './shortcuts.ts';
import { extendStroke, startStroke, type MaskStroke, type PaintTool } from './strokes.ts';
import {
  backingStoreSize,
  clampViewport,
  clientToCss,
  cssToImage,
  fitViewport,
  panBy,
  pinchViewport,
  wheelViewport,
  zoomAround,
  type Point,
  type Size,
  type Viewport,
} from './viewport.ts';

export type MaskTool = PaintTool | 'pan';

type Gesture =
  | { kind: 'none' }
  | { kind: 'paint'; pointerId: number; touch: boolean; stroke: MaskStroke; startedAt: number }
  | { kind: 'pan'; pointerId: number; touch: boolean; last: Point }
  | { kind: 'pinch'; ids: [number, number]; from: [Point, Point]; start: Viewport }
  // Fingers still down after a pinch: they do nothing until lifted, so the last one does not start painting.
  | { kind: 'wait' };

const FALLBACK_ACCENT = '#c266ff';
// A second finger this soon after the first means a pinch, not a stroke: the first finger's dab is dropped.
const PINCH_GRACE_MS = 250;
const SIZE_PREVIEW_MS = 800;

export interface MaskCanvasOptions {
  stage: HTMLElement;
  canvas: HTMLCanvasElement;
  imageSize: Size;
  onStroke: (stroke: MaskStroke) => void;
}

export class MaskCanvasController {
  private readonly canvas: HTMLCanvasElement;
  private readonly context: CanvasRenderingContext2D;
  private readonly onStroke: (stroke: MaskStroke) => void;
  private readonly colour: string;
  private readonly cleanups: (() => void)[] = [];
  private imageSize: Size;
  private layer: MaskLayer;
  private image: HTMLImageElement | null = null;
  private strokes: readonly MaskStroke[] = [];
  private tool: MaskTool = 'brush';
  private size = 1;
  private enabled = true;
  private stageSize: Size = { width: 1, height: 1 };
  private dpr = 1;
  private viewport: Viewport = { zoom: 1, panX: 0, panY: 0 };
  /** Whether the view follows the stage's size: until the user zooms or pans. */
  private fitted = true;
  private gesture: Gesture = { kind: 'none' };
  private readonly touches = new Map<number, Point>();
  /** Where a mouse or pen hovers (css), for the brush outline; null when outside. */
  private hover: Point | null = null;
  private sizeKnown = false;
  private previewUntil = 0;
  private previewTimer: ReturnType<typeof setTimeout> | undefined;
  private spaceHeld = false;
  private frame = 0;

  constructor({ stage, canvas, imageSize, onStroke }: MaskCanvasOptions) {
    const context = canvas.getContext('2d');
    if (!context) throw new Error('Canvas 2D is not available');
    this.canvas = canvas;
    this.context = context;
    this.onStroke = onStroke;
    this.imageSize = imageSize;
    this.colour = getComputedStyle(stage).getPropertyValue('--accent').trim() || FALLBACK_ACCENT;
    this.layer = createMaskLayer(imageSize.width, imageSize.height, this.colour);

    this.listen(canvas, 'pointerdown', this.onPointerDown);
    this.listen(canvas, 'pointermove', this.onPointerMove);
    this.listen(canvas, 'pointerup', (event) => this.onPointerEnd(event, false));
    this.listen(canvas, 'pointercancel', (event) => this.onPointerEnd(event, true));
    this.listen(canvas, 'lostpointercapture', (event) => this.onPointerEnd(event, false));
    this.listen(canvas, 'pointerleave', this.onPointerLeave);
    this.listen(canvas, 'wheel', this.onWheel, { passive: false });
    // A long press would open the image's context menu (save, share) in the middle of a stroke.
    this.listen(canvas, 'contextmenu', (event) => event.preventDefault());
    this.listen(window, 'keydown', this.onKeyDown);
    this.listen(window, 'keyup', this.onKeyUp);
    this.listen(window, 'blur', () => this.holdSpace(false));

    this.cleanups.push(watchCanvasSize(canvas, (css, dpr) => this.resize(css, dpr)));
  }

  destroy() {
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    clearTimeout(this.previewTimer);
    cancelAnimationFrame(this.frame);
    releaseMaskLayer(this.layer);
  }

  setImage(image: HTMLImageElement | null) {
    this.image = image;
    this.schedule();
  }

  setImageSize(size: Size) {
    if (size.width === this.imageSize.width && size.height === this.imageSize.height) return;
    this.cancelGesture();
    releaseMaskLayer(this.layer);
    this.imageSize = size;
    this.layer = createMaskLayer(size.width, size.height, this.colour);
    renderLayer(this.layer, this.strokes);
    this.fit();
  }

  /** The committed strokes to show (those after the last clear). */
  setStrokes(strokes: readonly MaskStroke[]) {
    this.strokes = strokes;
    renderLayer(this.layer, strokes);
    if (this.gesture.kind === 'paint') drawStroke(this.layer, this.gesture.stroke);
    this.schedule();
  }

  setTool(tool: MaskTool) {
    this.tool = tool;
    this.schedule();
  }

  /** The brush diameter in image pixels; a change shows the outline for a moment, even without a mouse. */
  setSize(size: number) {
    if (size === this.size) return;
    this.size = size;
    if (this.sizeKnown) {
      this.previewUntil = performance.now() + SIZE_PREVIEW_MS;
      clearTimeout(this.previewTimer);
      this.previewTimer = setTimeout(() => this.schedule(), SIZE_PREVIEW_MS + 20);
    }
    this.sizeKnown = true;
    this.schedule();
  }

  setEnabled(enabled: boolean) {
    this.enabled = enabled;
    if (!enabled) this.cancelGesture();
    this.schedule();
  }

  /** Zooms around the stage's centre (the buttons and + / - keys). */
  zoomBy(factor: number) {
    const centre = { x: this.stageSize.width / 2, y: this.stageSize.height / 2 };
    this.setViewport(zoomAround(this.viewport, factor, centre, this.stageSize, this.imageSize));
  }

  fit() {
    this.fitted = true;
    this.viewport = fitViewport(this.stageSize, this.imageSize);
    this.schedule();
  }

  private setViewport(viewport: Viewport) {
    this.fitted = false;
    this.viewport = viewport;
    this.schedule();
  }

  private listen<K extends keyof HTMLElementEventMap>(
    target: HTMLElement | Window,
    type: K,
    handler: (event: HTMLElementEventMap[K]) => void,
    options?: AddEventListenerOptions,
  ) {
    const listener = handler as EventListener;
    target.addEventListener(type, listener, options);
    this.cleanups.push(() => target.removeEventListener(type, listener, options));
  }

  /** Backing store = CSS size × devicePixelRatio; the view refits while fitted. */
  private resize(css: Size, dpr: number) {
    this.stageSize = css;
    this.dpr = dpr;
    const backing = backingStoreSize(css, dpr);
    if (this.canvas.width !== backing.width) this.canvas.width = backing.width;
    if (this.canvas.height !== backing.height) this.canvas.height = backing.height;
    this.viewport = this.fitted
      ? fitViewport(css, this.imageSize)
      : clampViewport(this.viewport, css, this.imageSize);
    // Resizing the backing store blanks it: redraw now, not a frame later, so nothing flickers.
    cancelAnimationFrame(this.frame);
    this.draw();
  }

  private cssPoint(event: { clientX: number; clientY: number }): Point {
    return clientToCss({ x: event.clientX, y: event.clientY }, this.canvas.getBoundingClientRect());
  }

  private onPointerDown = (event: PointerEvent) => {
    if (!this.enabled || !this.image) return;
    if (event.pointerType === 'mouse' && event.button !== 0 && event.button !== 1) return;
    const point = this.cssPoint(event);
    const touch = event.pointerType === 'touch';
    if (touch) {
      // Palm rejection: a hand resting on the screen while the pen or mouse draws is ignored.
      if ((this.gesture.kind === 'paint' || this.gesture.kind === 'pan') && !this.gesture.touch) return;
      this.touches.set(event.pointerId, point);
      if (this.touches.size === 2) {
        this.canvas.setPointerCapture(event.pointerId);
        this.startPinch();
        return;
      }
    }
    if (this.gesture.kind !== 'none') return;
    event.preventDefault();
    this.canvas.setPointerCapture(event.pointerId);
    if (event.button === 1 || this.spaceHeld || this.tool === 'pan') {
      this.gesture = { kind: 'pan', pointerId: event.pointerId, touch, last: point };
    } else {
      const tool = this.tool === 'eraser' ? 'eraser' : 'brush';
      const stroke = startStroke(tool, this.size, cssToImage(this.viewport, point));
      const { pointerId } = event;
      this.gesture = { kind: 'paint', pointerId, touch, stroke, startedAt: performance.now() };
      drawStroke(this.layer, stroke);
    }
    this.schedule();
  };

  private startPinch() {
    const [first, second] = [...this.touches.entries()];
    if (!first || !second) return;
    if (this.gesture.kind === 'paint') {
      if (performance.now() - this.gesture.startedAt < PINCH_GRACE_MS) this.cancelGesture();
      else this.commitStroke();
    }
    this.gesture = {
      kind: 'pinch',
      ids: [first[0], second[0]],
      from: [first[1], second[1]],
      start: this.viewport,
    };
  }

  private onPointerMove = (event: PointerEvent) => {
    const point = this.cssPoint(event);
    if (event.pointerType === 'touch') {
      if (this.touches.has(event.pointerId)) this.touches.set(event.pointerId, point);
    } else {
      this.hover = point;
    }
    const gesture = this.gesture;
    if (gesture.kind === 'paint' && gesture.pointerId === event.pointerId) {
      // Coalesced events keep fast strokes smooth: the browser may deliver one move per frame.
      const moves = event.getCoalescedEvents?.() ?? [];
      // About one point per screen pixel, closer for small brushes: enough for the shape, short in JSON.
      const step = Math.min(1 / this.viewport.zoom, Math.max(0.5, gesture.stroke.size / 4));
      for (const move of moves.length > 0 ? moves : [event]) {
        const at = cssToImage(this.viewport, this.cssPoint(move));
        if (extendStroke(gesture.stroke, at, step)) {
          drawStroke(this.layer, gesture.stroke, gesture.stroke.points.length / 2 - 1);
        }
      }
    } else if (gesture.kind === 'pan' && gesture.pointerId === event.pointerId) {
      const { x, y } = gesture.last;
      gesture.last = point;
      this.setViewport(panBy(this.viewport, point.x - x, point.y - y, this.stageSize, this.imageSize));
    } else if (gesture.kind === 'pinch' && gesture.ids.includes(event.pointerId)) {
      const a = this.touches.get(gesture.ids[0]);
      const b = this.touches.get(gesture.ids[1]);
      if (a && b) {
        this.setViewport(pinchViewport(gesture.start, gesture.from, [a, b], this.stageSize, this.imageSize));
      }
    }
    this.schedule();
  };

  private onPointerEnd(event: PointerEvent, cancelled: boolean) {
    const gesture = this.gesture;
    if (event.pointerType === 'touch') this.touches.delete(event.pointerId);
    if (gesture.kind === 'paint' && gesture.pointerId === event.pointerId) {
      // The browser cancels a touch it takes over (a system gesture): that stroke was not meant.
      if (cancelled) this.cancelGesture();
      else this.commitStroke();
    } else if (gesture.kind === 'pan' && gesture.pointerId === event.pointerId) {
      this.gesture = { kind: 'none' };
    } else if (gesture.kind === 'pinch' && gesture.ids.includes(event.pointerId)) {
      this.gesture = this.touches.size > 0 ? { kind: 'wait' } : { kind: 'none' };
    } else if (gesture.kind === 'wait' && this.touches.size === 0) {
      this.gesture = { kind: 'none' };
    }
    this.schedule();
  }

  private onPointerLeave = (event: PointerEvent) => {
    if (event.pointerType !== 'touch') this.hover = null;
    this.schedule();
  };

  private commitStroke() {
    if (this.gesture.kind !== 'paint') return;
    const { stroke } = this.gesture;
    this.gesture = { kind: 'none' };
    this.onStroke(stroke);
  }

  private cancelGesture() {
    const painting = this.gesture.kind === 'paint';
    this.gesture = { kind: 'none' };
    if (painting) renderLayer(this.layer, this.strokes);
    this.schedule();
  }

  private onWheel = (event: WheelEvent) => {
    if (!this.image || !this.enabled) return;
    const anchor = this.cssPoint(event);
    const viewport = wheelViewport(event, this.viewport, anchor, this.stageSize, this.imageSize);
    if (!viewport) return;
    event.preventDefault();
    this.setViewport(viewport);
  };

  // Space + drag pans, as in drawing programs, but only while the mouse is over the image: elsewhere Space
  // keeps its usual job (pressing a button, scrolling the page).
  private onKeyDown = (event: KeyboardEvent) => {
    if (event.code !== 'Space' || !this.hover || !this.enabled) return;
    if (isTextEntry(event.target instanceof HTMLElement ? event.target : null)) return;
    event.preventDefault();
    this.holdSpace(true);
  };

  private onKeyUp = (event: KeyboardEvent) => {
    if (event.code === 'Space') this.holdSpace(false);
  };

  private holdSpace(held: boolean) {
    if (this.spaceHeld === held) return;
    this.spaceHeld = held;
    this.schedule();
  }

  private schedule() {
    if (this.frame === 0) this.frame = requestAnimationFrame(this.draw);
  }

  private draw = () => {
    this.frame = 0;
    const outline = this.brushOutline();
    drawFrame({
      context: this.context,
      image: this.image,
      imageSize: this.imageSize,
      layer: this.layer.canvas,
      viewport: this.viewport,
      dpr: this.dpr,
      outline,
    });
    this.canvas.style.cursor = this.cursor(outline);
  };

  private panning() {
    return (
      this.spaceHeld || this.tool === 'pan' || this.gesture.kind === 'pan' || this.gesture.kind === 'pinch'
    );
  }

  /** The brush's size and place, under the mouse or pen, or mid-stage for a moment after a size change. */
  private brushOutline(): BrushOutline | null {
    if (!this.image || !this.enabled || this.panning()) return null;
    const previewing = performance.now() < this.previewUntil;
    const centre =
      this.hover ?? (previewing ? { x: this.stageSize.width / 2, y: this.stageSize.height / 2 } : null);
    if (!centre) return null;
    return { centre, radius: (this.size / 2) * this.viewport.zoom, dashed: this.tool === 'eraser' };
  }

  private cursor(outline: BrushOutline | null): string {
    if (!this.enabled || !this.image) return 'default';
    if (this.gesture.kind === 'pan' || this.gesture.kind === 'pinch') return 'grabbing';
    if (this.panning()) return 'grab';
    // The outline is the cursor, unless it is too small to aim with.
    return this.hover && outline && outline.radius >= 4 ? 'none' : 'crosshair';
  }
}

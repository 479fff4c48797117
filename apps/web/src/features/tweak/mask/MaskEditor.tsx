import {
  useEffect,
  useEffectEvent,
  useId,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
  type Ref,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../ui/Spinner.tsx';
import { MaskCanvasController, type MaskTool } from './canvasController.ts';
import styles from './MaskEditor.module.css';
import { MaskToolbar } from './MaskToolbar.tsx';
import { maskToPng } from './png.ts';
import { isMaskEmpty } from './raster.ts';
import { isTextEntry, shortcutFor, type MaskCommand } from './shortcuts.ts';
import {
  addStroke,
  brushSizeRange,
  canRedo,
  canUndo,
  clampBrushSize,
  clearMask,
  defaultBrushSize,
  emptyMaskDocument,
  parseMaskDocument,
  redo,
  stepBrushSize,
  undo,
  visibleStrokes,
  type MaskDocument,
} from './strokes.ts';

/** What the page learns after every change (and once on mount). */
export interface MaskState {
  /** JSON-safe: keep it to restore the editor later (initialMask), or export it with maskToPng. */
  document: MaskDocument;
  /** No pixel painted: nothing to tweak (the API would answer empty_tweak_mask). */
  empty: boolean;
  /** Strokes since the last clear, erasers included. */
  strokes: number;
  canUndo: boolean;
  canRedo: boolean;
}

export interface MaskEditorHandle {
  isEmpty(): boolean;
  /** The mask as sent to the API: greyscale PNG at the source's size, white = repaint. */
  toPng(): Promise<Blob>;
  getDocument(): MaskDocument;
  /** Replaces the mask and its history (null: a blank mask, no history). */
  setDocument(document: MaskDocument | null): void;
}

export interface MaskEditorProps {
  /** The source image (same origin). */
  imageUrl: string;
  /** The source's size in pixels: the mask's size and the strokes' coordinates. */
  width: number;
  height: number;
  /** A document kept from an earlier visit; ignored unless it is for this width × height. Read on mount. */
  initialMask?: MaskDocument | null;
  onChange?: (state: MaskState) => void;
  /** While a tweak is being sent, say: shows the mask, takes no input. */
  disabled?: boolean;
  className?: string;
  ref?: Ref<MaskEditorHandle>;
}

type LoadState = 'loading' | 'ready' | 'error';

const ZOOM_STEP = 1.25;

const startingDocument = (initial: unknown, width: number, height: number) =>
  parseMaskDocument(initial, width, height) ?? emptyMaskDocument(width, height);

/**
 * The mask editor of the tweak studio: the user paints, over the source image, the area to redraw.
 * State lives here (strokes with undo/redo, tool, brush size); the canvas, pointer input and zoom are
 * imperative (canvasController.ts) so that painting never re-renders React; a stroke is committed on release.
 */
export function MaskEditor({
  imageUrl,
  width,
  height,
  initialMask,
  onChange,
  disabled = false,
  className,
  ref,
}: MaskEditorProps) {
  const { t } = useTranslation('mask');
  const hintId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const controllerRef = useRef<MaskCanvasController | null>(null);

  const [doc, setDoc] = useState(() => startingDocument(initialMask, width, height));
  const [tool, setTool] = useState<MaskTool>('brush');
  const [chosenSize, setSize] = useState(() => defaultBrushSize(width, height));
  const [loaded, setLoaded] = useState<{ url: string; state: LoadState } | null>(null);

  // Another source size is another image: its strokes would land in the wrong place.
  if (doc.width !== width || doc.height !== height) {
    setDoc(emptyMaskDocument(width, height));
    setSize(defaultBrushSize(width, height));
  }

  const size = clampBrushSize(chosenSize, width, height);
  const strokes = useMemo(() => visibleStrokes(doc.done), [doc]);
  const empty = useMemo(() => isMaskEmpty(doc), [doc]);
  const status: LoadState = loaded?.url === imageUrl ? loaded.state : 'loading';
  const active = !disabled && status === 'ready';

  const createController = useEffectEvent(
    (stage: HTMLElement, canvas: HTMLCanvasElement) =>
      new MaskCanvasController({
        stage,
        canvas,
        imageSize: { width, height },
        onStroke: (stroke) => setDoc((current) => addStroke(current, stroke)),
      }),
  );
  useEffect(() => {
    if (!stageRef.current || !canvasRef.current) return;
    const controller = createController(stageRef.current, canvasRef.current);
    controllerRef.current = controller;
    return () => {
      controller.destroy();
      controllerRef.current = null;
    };
  }, []);
  // Declared after the controller's creation, so on mount they hand it the initial state too.
  useEffect(() => {
    controllerRef.current?.setImageSize({ width, height });
  }, [width, height]);
  useEffect(() => {
    controllerRef.current?.setStrokes(strokes);
  }, [strokes]);
  useEffect(() => {
    controllerRef.current?.setTool(tool);
  }, [tool]);
  useEffect(() => {
    controllerRef.current?.setSize(size);
  }, [size]);
  useEffect(() => {
    controllerRef.current?.setEnabled(active);
  }, [active]);

  useEffect(() => {
    let current = true;
    const image = new Image();
    image.decoding = 'async';
    image.onload = () => {
      if (!current) return;
      controllerRef.current?.setImage(image);
      setLoaded({ url: imageUrl, state: 'ready' });
    };
    image.onerror = () => {
      if (current) setLoaded({ url: imageUrl, state: 'error' });
    };
    image.src = imageUrl;
    return () => {
      current = false;
      controllerRef.current?.setImage(null);
    };
  }, [imageUrl]);

  const state = useMemo<MaskState>(
    () => ({ document: doc, empty, strokes: strokes.length, canUndo: canUndo(doc), canRedo: canRedo(doc) }),
    [doc, empty, strokes],
  );
  const notify = useEffectEvent((next: MaskState) => onChange?.(next));
  useEffect(() => {
    notify(state);
  }, [state]);

  useImperativeHandle(
    ref,
    () => ({
      isEmpty: () => empty,
      toPng: () => maskToPng(doc),
      getDocument: () => doc,
      setDocument: (next) => setDoc(startingDocument(next, width, height)),
    }),
    [doc, empty, width, height],
  );

  const run = (command: MaskCommand) => {
    switch (command) {
      case 'brush':
      case 'eraser':
      case 'pan':
        setTool(command);
        break;
      case 'smaller':
      case 'larger':
        setSize(stepBrushSize(size, command === 'larger' ? 1 : -1, width, height));
        break;
      case 'undo':
        setDoc(undo);
        break;
      case 'redo':
        setDoc(redo);
        break;
      case 'fit':
        controllerRef.current?.fit();
        break;
      case 'zoom-in':
        controllerRef.current?.zoomBy(ZOOM_STEP);
        break;
      case 'zoom-out':
        controllerRef.current?.zoomBy(1 / ZOOM_STEP);
        break;
    }
  };

  // Shortcuts work anywhere on the page, except where the user types (the prompt), under a dialog, or while
  // the page is kept alive out of view (hidden, inert).
  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    const root = rootRef.current;
    if (event.defaultPrevented || disabled || !root || root.closest('[hidden], [inert]')) return;
    const target = event.target instanceof HTMLElement ? event.target : null;
    if (isTextEntry(target)) return;
    const dialog = target?.closest('[role="dialog"], dialog');
    if (dialog && !dialog.contains(root)) return;
    const command = shortcutFor(event);
    if (!command) return;
    event.preventDefault();
    run(command);
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKeyDown(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);

  return (
    <div
      ref={rootRef}
      className={[styles.editor, className ?? ''].join(' ')}
      role="group"
      aria-label={t('label')}
      data-testid="mask-editor"
      data-empty={empty}
      data-strokes={strokes.length}
      data-status={status}
    >
      <MaskToolbar
        tool={tool}
        onTool={setTool}
        size={size}
        sizeRange={brushSizeRange(width, height)}
        onSize={setSize}
        canUndo={canUndo(doc)}
        canRedo={canRedo(doc)}
        canClear={strokes.length > 0}
        onUndo={() => setDoc(undo)}
        onRedo={() => setDoc(redo)}
        onClear={() => setDoc(clearMask)}
        onZoom={(direction) => run(direction === 'fit' ? 'fit' : direction === 'in' ? 'zoom-in' : 'zoom-out')}
        disabled={disabled}
      />
      <div ref={stageRef} className={styles.stage} style={{ aspectRatio: `${width} / ${height}` }}>
        <canvas
          ref={canvasRef}
          className={styles.canvas}
          role="img"
          aria-label={t('canvas')}
          aria-describedby={hintId}
          data-testid="mask-canvas"
        />
        {status !== 'ready' && (
          <div className={styles.status}>
            {status === 'loading' ? (
              <Spinner size={28} label={t('loading')} />
            ) : (
              <p role="alert">{t('load_failed')}</p>
            )}
          </div>
        )}
      </div>
      <div id={hintId} className={styles.help}>
        <p>{t('hint')}</p>
        <p className={styles.shortcuts}>{t('shortcuts')}</p>
      </div>
    </div>
  );
}

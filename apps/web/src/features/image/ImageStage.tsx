import {
  useEffect,
  useRef,
  useState,
  type CSSProperties,
  type PointerEvent,
  type ReactNode,
  type WheelEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { BlurhashImage } from '../../ui/BlurhashImage.tsx';
import { firstScreenDecoding, useImageLoaded } from '../../ui/useImageLoaded.ts';
import { ChevronDownIcon, ChevronUpIcon } from './icons.tsx';
import {
  stepOfSwipe,
  wheelPixels,
  wheelStep,
  WHEEL_COOLDOWN_MS,
  WHEEL_IDLE,
  type Step,
} from './navigation.ts';
import { cssTransform, isSideways, type PreviewTransform } from './preview.ts';
import styles from './ImageViewer.module.css';

/** What the stage paints: from the image's info, or from the gallery card while the info loads. */
export interface Picture {
  uuid: string;
  width: number;
  height: number;
  blurhash: string | null;
  thumbnail: string;
  /** The full WebP (the upscaled one when there is one). */
  full: string | null;
  alt: string;
}

/**
 * The image, fitted to the stage (docs/product/image-viewer.md#the-viewer: nothing -> blurhash -> thumbnail
 * -> full), turned and scaled by the preview transform. Each picture is its own element (keyed by uuid), so
 * the loading steps start over for the next image.
 */
function PictureBox({
  picture,
  transform,
  blurred,
}: {
  picture: Picture;
  transform: PreviewTransform;
  blurred: boolean;
}) {
  // The thumbnail is the viewer's main picture, shown as soon as it is there (preloaded on the first screen,
  // already shown by the card it was opened from otherwise); the full picture fades in over it.
  const thumbnail = useImageLoaded(picture.thumbnail, { atOnce: true });
  const full = useImageLoaded(picture.full ?? '');
  const ratio = picture.width > 0 && picture.height > 0 ? picture.width / picture.height : 1;
  return (
    <div
      className={styles.picture}
      data-sideways={isSideways(transform)}
      data-blurred={blurred}
      style={{ '--ratio': ratio, transform: cssTransform(transform) } as CSSProperties}
      data-testid="viewer-picture"
      data-zoom={transform.zoom}
      data-rotation={transform.rotation}
    >
      {picture.blurhash && <BlurhashImage hash={picture.blurhash} className={styles.layer} />}
      <img
        className={styles.layer}
        src={picture.thumbnail}
        alt=""
        loading="eager"
        fetchPriority="high"
        decoding={firstScreenDecoding(true)}
        {...thumbnail}
      />
      {picture.full && !blurred && (
        <img
          className={styles.layer}
          src={picture.full}
          alt={picture.alt}
          loading="eager"
          fetchPriority="high"
          decoding="async"
          {...full}
          data-testid="viewer-image"
        />
      )}
      {(!picture.full || blurred) && <span className="visually-hidden">{picture.alt}</span>}
    </div>
  );
}

interface StageProps {
  picture: Picture | null;
  transform: PreviewTransform;
  blurred: boolean;
  canPrevious: boolean;
  canNext: boolean;
  onStep: (step: Step) => void;
  /** Shown over the picture (the age gate, a loading or error state). */
  children?: ReactNode;
}

/**
 * The image area: the picture, up/down buttons, wheel and touch swipe
 * (docs/product/image-viewer.md#the-viewer: 100 px).
 */
export function ImageStage({
  picture,
  transform,
  blurred,
  canPrevious,
  canNext,
  onStep,
  children,
}: StageProps) {
  const { t } = useTranslation('image');
  const wheel = useRef(WHEEL_IDLE);
  // The wheel's cooldown shown on the stage (data-wheel-cooldown): set by each wheel step, cleared by a
  // timer started after it, so it never ends before the rule's own cooldown (counted from the event's
  // time) does. A new step restarts it (its key is the step's time).
  const [wheelStepAt, setWheelStepAt] = useState<number | null>(null);
  const drag = useRef<{ id: number; x: number; y: number } | null>(null);
  const [dragY, setDragY] = useState(0);

  useEffect(() => {
    if (wheelStepAt === null) return;
    const timer = window.setTimeout(() => setWheelStepAt(null), WHEEL_COOLDOWN_MS);
    return () => window.clearTimeout(timer);
  }, [wheelStepAt]);

  const step = (which: Step) => {
    if (which === 'previous' ? canPrevious : canNext) onStep(which);
  };

  const onWheel = (event: WheelEvent<HTMLDivElement>) => {
    if (event.ctrlKey) return; // pinch-zoom on a touchpad
    const pixels = wheelPixels(event.deltaY, event.deltaMode, event.currentTarget.clientHeight);
    const result = wheelStep(wheel.current, pixels, event.timeStamp);
    wheel.current = result.state;
    if (result.step) {
      setWheelStepAt(result.state.lastStepAt);
      step(result.step);
    }
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' || drag.current) return;
    drag.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (drag.current?.id !== event.pointerId) return;
    setDragY(event.clientY - drag.current.y);
  };
  const endDrag = (event: PointerEvent<HTMLDivElement>, finished: boolean) => {
    const start = drag.current;
    if (start?.id !== event.pointerId) return;
    drag.current = null;
    setDragY(0);
    const swipe = finished ? stepOfSwipe(event.clientX - start.x, event.clientY - start.y) : null;
    if (swipe) step(swipe);
  };

  return (
    <div
      className={styles.stage}
      onWheel={onWheel}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={(event) => endDrag(event, true)}
      onPointerCancel={(event) => endDrag(event, false)}
      data-wheel-cooldown={wheelStepAt !== null}
      data-testid="viewer-stage"
    >
      <div className={styles.fit} style={dragY ? { transform: `translateY(${dragY / 3}px)` } : undefined}>
        {picture && (
          <PictureBox key={picture.uuid} picture={picture} transform={transform} blurred={blurred} />
        )}
      </div>
      {picture && (
        // The visible disclosure of issue 18 (EU AI Act Art. 50): every image here is AI-generated, and its
        // files say so too (Content Credentials, apps/api features/image/marking).
        <p className={styles.aiLabel} title={t('ai_label_hint')} data-testid="viewer-ai-label">
          {t('ai_label')}
        </p>
      )}
      {children}
      <div className={styles.stepButtons}>
        <Button
          variant="ghost"
          size="icon"
          className={styles.roundButton}
          onClick={() => step('previous')}
          aria-disabled={!canPrevious}
          aria-label={t('controls.previous')}
          aria-keyshortcuts="ArrowUp K"
          data-testid="viewer-previous"
        >
          <ChevronUpIcon size={22} />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          className={styles.roundButton}
          onClick={() => step('next')}
          aria-disabled={!canNext}
          aria-label={t('controls.next')}
          aria-keyshortcuts="ArrowDown J"
          data-testid="viewer-next"
        >
          <ChevronDownIcon size={22} />
        </Button>
      </div>
    </div>
  );
}

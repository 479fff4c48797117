import { useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button.tsx';
import { CloseIcon } from '../../../ui/icons.tsx';
import { cardPlacement, findTarget, sameRect, type Box } from './placement.ts';
import { stepAfter, stepBefore, tourProgress, TOUR_STEPS } from './steps.ts';
import styles from './ProductTour.module.css';

const isPresent = (target: string) => findTarget(target) !== null;

/**
 * The guided tour (docs/product/accounts.md#product-tour): a card beside each step's element, which is
 * lit while the rest of the page is dimmed and cannot be clicked. Back and Next move between the steps
 * present on this screen (steps.ts skips the others), "Step n of m" counts them, Done on the last step or
 * Close (also Escape) end it. Focus stays in the card while it is open and returns where it was after.
 */
export function ProductTour({ onEnd }: { onEnd: () => void }) {
  const { t } = useTranslation('onboarding');
  const [stepId, setStepId] = useState(() => stepAfter(TOUR_STEPS, null, isPresent)?.id ?? 'welcome');
  const [box, setBox] = useState<Box | null>(null);
  const [viewport, setViewport] = useState(() => ({ width: innerWidth, height: innerHeight }));
  const cardRef = useRef<HTMLDivElement>(null);
  const step = TOUR_STEPS.find((candidate) => candidate.id === stepId) ?? TOUR_STEPS[0]!;
  const next = stepAfter(TOUR_STEPS, stepId, isPresent);
  const previous = stepBefore(TOUR_STEPS, stepId, isPresent);
  const progress = tourProgress(TOUR_STEPS, stepId, isPresent);

  // Where the focus was before the tour, to give it back at the end.
  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    return () => before?.focus({ preventScroll: true });
  }, []);

  // Bring the step's element into view. The top menu slides away after scrolling down and comes back on
  // scrolling up (docs/product/routes.md#shell), so for its elements the page goes back to the top.
  useLayoutEffect(() => {
    const element = step.target ? findTarget(step.target) : null;
    if (!element) return;
    if (element.closest('header')) window.scrollTo({ top: 0, behavior: 'instant' });
    else element.scrollIntoView({ block: 'center', behavior: 'instant' });
  }, [step.target]);

  // Follow the element while the step shows: scrolling, resizing, a menu sliding back all move it.
  useEffect(() => {
    let frame = 0;
    const measure = () => {
      const element = step.target ? findTarget(step.target) : null;
      const rect = element?.getBoundingClientRect();
      const nextBox = rect
        ? { top: rect.top, left: rect.left, width: rect.width, height: rect.height }
        : null;
      setBox((current) => (sameRect(current, nextBox) ? current : nextBox));
      setViewport((current) =>
        current.width === innerWidth && current.height === innerHeight
          ? current
          : { width: innerWidth, height: innerHeight },
      );
      // The element went away (a phone turned, a page changed): move on to the next one present.
      if (step.target && !element) {
        const after = stepAfter(TOUR_STEPS, step.id, isPresent) ?? stepBefore(TOUR_STEPS, step.id, isPresent);
        if (after) setStepId(after.id);
      }
      frame = requestAnimationFrame(measure);
    };
    measure();
    return () => cancelAnimationFrame(frame);
  }, [step]);

  // Each step hands the focus to its main button, so Enter goes on and a screen reader reads the new card.
  useEffect(() => {
    cardRef.current?.querySelector<HTMLElement>('[data-primary]')?.focus({ preventScroll: true });
  }, [stepId]);

  const goNext = useCallback(() => {
    const after = stepAfter(TOUR_STEPS, stepId, isPresent);
    if (after) setStepId(after.id);
    else onEnd();
  }, [stepId, onEnd]);

  const goBack = useCallback(() => {
    const before = stepBefore(TOUR_STEPS, stepId, isPresent);
    if (before) setStepId(before.id);
  }, [stepId]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      onEnd();
    } else if (event.key === 'Tab') {
      // Keep the focus inside the card (it is modal: the page behind cannot be used meanwhile).
      const focusable = [...(cardRef.current?.querySelectorAll<HTMLElement>('button:not(:disabled)') ?? [])];
      const first = focusable[0];
      const last = focusable.at(-1);
      if (!first || !last) return;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    }
  }

  const placement = cardPlacement(box, viewport);
  const titleId = `tour-title-${step.id}`;
  const bodyId = `tour-body-${step.id}`;

  return createPortal(
    <div className={styles.layer} data-testid="tour-layer">
      {/* Catches clicks on the page: nothing behind the tour can be used while it runs. */}
      <div className={styles.blocker} aria-hidden="true" />
      {box ? (
        <div
          className={styles.spotlight}
          style={{ top: box.top - 6, left: box.left - 6, width: box.width + 12, height: box.height + 12 }}
          aria-hidden="true"
          data-testid="tour-spotlight"
        />
      ) : (
        <div className={styles.dim} aria-hidden="true" />
      )}
      <div
        ref={cardRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        className={styles.card}
        style={placement}
        onKeyDown={onKeyDown}
        data-testid="tour"
        data-step={step.id}
      >
        <div className={styles.header}>
          <span className={styles.progress} data-testid="tour-progress">
            {t('tour.progress', { number: progress.number, total: progress.total })}
          </span>
          <button
            type="button"
            className={styles.close}
            onClick={onEnd}
            aria-label={t('tour.close')}
            title={t('tour.close')}
            data-testid="tour-close"
          >
            <CloseIcon size={18} />
          </button>
        </div>
        <h2 id={titleId} className={styles.title}>
          {t(`tour.steps.${step.id}.title` as 'tour.steps.welcome.title')}
        </h2>
        <p id={bodyId} className={styles.body}>
          {t(`tour.steps.${step.id}.body` as 'tour.steps.welcome.body')}
        </p>
        <div className={styles.actions}>
          {previous && (
            <Button variant="ghost" size="sm" onClick={goBack} data-testid="tour-back">
              {t('tour.back')}
            </Button>
          )}
          <Button variant="primary" size="sm" onClick={goNext} data-primary data-testid="tour-next">
            {next ? t('tour.next') : t('tour.done')}
          </Button>
        </div>
      </div>
    </div>,
    document.body,
  );
}

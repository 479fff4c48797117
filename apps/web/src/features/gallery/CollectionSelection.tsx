import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCloseWhenPageHidden } from '../../app/keepAlive/pageActivity.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { notify, NOTICE_DEFAULT_MS } from '../../ui/notice.ts';
import { errorCode, useErrorText, IMAGE_QUERY_KEY } from '../api/index.ts';
import { removeFromCollection, type GalleryCard } from './api.ts';
import { keepPresent, toggleSelected } from './selection.ts';
import { GALLERY_QUERY_KEY } from './useGalleryFeed.ts';
import styles from './Gallery.module.css';

/**
 * Selecting images of /collection to take them out of it together
 * (docs/product/collections-and-prompts.md#favourites, DELETE /api/action/favorites).
 * Escape or leaving the page ends the selection.
 */
export function useCollectionSelection(cards: readonly GalleryCard[]) {
  const { t } = useTranslation('gallery');
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);

  const stop = useCallback(() => {
    setSelecting(false);
    setConfirming(false);
    setSelected(new Set());
  }, []);
  useCloseWhenPageHidden(stop);
  useEffect(() => {
    if (!selecting) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !confirming) stop();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [selecting, confirming, stop]);

  const toggle = useCallback((uuid: string) => setSelected((current) => toggleSelected(current, uuid)), []);
  const chosen = useMemo(() => keepPresent(selected, cards), [selected, cards]);

  const remove = useCallback(async () => {
    if (chosen.length === 0) return;
    setPending(true);
    try {
      const { removed } = await removeFromCollection(chosen);
      notify(t('selection.removed', { count: removed }), 'success', NOTICE_DEFAULT_MS);
      stop();
      // The boards, the viewer's board pages (same key) and the removed images' favourite flags.
      void queryClient.invalidateQueries({ queryKey: GALLERY_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: IMAGE_QUERY_KEY });
    } catch (error) {
      notify(errorText(errorCode(error)), 'error', NOTICE_DEFAULT_MS);
    } finally {
      setPending(false);
    }
  }, [chosen, t, stop, queryClient, errorText]);

  return {
    selecting,
    selected,
    count: chosen.length,
    confirming,
    pending,
    start: () => setSelecting(true),
    stop,
    toggle,
    askToRemove: () => setConfirming(true),
    setConfirming,
    remove,
  };
}
export type CollectionSelection = ReturnType<typeof useCollectionSelection>;

/** The bar over a board in selection mode, and the confirmation of the removal. */
export function SelectionBar({ selection }: { selection: CollectionSelection }) {
  const { t } = useTranslation('gallery');
  const { count } = selection;
  return (
    <div
      className={styles.selectionBar}
      role="region"
      aria-label={t('selection.label')}
      data-testid="selection-bar"
    >
      <span className={styles.selectionCount} aria-live="polite">
        {count === 0 ? t('selection.hint') : t('selection.count', { count })}
      </span>
      <div className={styles.selectionButtons}>
        <Button variant="ghost" size="sm" onClick={selection.stop} data-testid="selection-cancel">
          {t('selection.cancel')}
        </Button>
        <Button
          variant="danger"
          size="sm"
          disabled={count === 0}
          onClick={selection.askToRemove}
          data-testid="selection-remove"
        >
          {t('selection.remove')}
        </Button>
      </div>
      <Dialog
        open={selection.confirming}
        onOpenChange={selection.setConfirming}
        title={t('selection.confirm_title')}
        description={t('selection.confirm_text', { count })}
        testId="selection-dialog"
      >
        <div className={styles.selectionButtons}>
          <Button variant="ghost" onClick={() => selection.setConfirming(false)}>
            {t('selection.cancel')}
          </Button>
          <Button
            variant="danger"
            pending={selection.pending}
            onClick={() => void selection.remove()}
            data-testid="selection-confirm"
          >
            {t('selection.confirm')}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}

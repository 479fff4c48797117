import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { notify } from '../../ui/notice.ts';
import { resolveReview, restrictUser, type Review, type ReviewState } from './api.ts';
import { NoteDialog } from './NoteDialog.tsx';
import { MOD_KEY, useReviews } from './queries.ts';
import { CardQueue, StateFilter, useFormatDate } from './shared.tsx';
import styles from './Mod.module.css';

const STATES = ['open', 'resolved'] as const satisfies readonly ReviewState[];

/**
 * The child-safety review queue (docs/product/moderation-console.md#the-child-safety-review-queue): accounts
 * with 5 strikes or more, resolved with a note; a muted account's mute may be lifted.
 */
export function ReviewsTab() {
  const { t } = useTranslation('mod');
  const [state, setState] = useState<ReviewState>('open');
  const reviews = useReviews(state);
  return (
    <div className={styles.tab}>
      <StateFilter
        label={t('reviews.show')}
        value={state}
        options={STATES.map((value) => ({ value, label: t(`reviews.state.${value}`) }))}
        onChange={setState}
      />
      <CardQueue query={reviews} empty={t('reviews.empty')}>
        {(review) => <ReviewCard review={review} />}
      </CardQueue>
    </div>
  );
}

type Dialogs = 'resolve' | 'unmute' | null;

function ReviewCard({ review }: { review: Review }) {
  const { t } = useTranslation('mod');
  const formatDate = useFormatDate();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<Dialogs>(null);
  const action = useMutation({
    mutationFn: ({ kind, note }: { kind: 'resolve' | 'unmute'; note: string }) =>
      kind === 'resolve' ? resolveReview(review.id, note) : restrictUser('unmute', review.user_id, note),
    onSuccess: (_answer, { kind }) => {
      setDialog(null);
      notify(t(kind === 'resolve' ? 'reviews.resolved_done' : 'reviews.unmuted_done'), 'success');
      void queryClient.invalidateQueries({ queryKey: MOD_KEY });
    },
  });
  const open = (kind: Dialogs) => {
    action.reset();
    setDialog(kind);
  };
  const titleId = `mod-review-${review.id}`;
  return (
    <article className={styles.card} aria-labelledby={titleId} data-testid="mod-review">
      <h2 id={titleId} className={styles.cardTitle}>
        {review.username} <span className={styles.muted}>#{review.user_id}</span>
      </h2>
      <p>
        {t('reviews.strikes', { strikes: review.strikes })} ·{' '}
        {review.muted_at ? t('reviews.muted', { date: formatDate(review.muted_at) }) : t('reviews.not_muted')}
      </p>
      <p className={styles.muted}>{t('reviews.since', { date: formatDate(review.created_at) })}</p>
      {review.resolved_at && (
        <p className={styles.muted}>
          {t('reviews.resolved_by', {
            name: review.resolved_by ?? '—',
            date: formatDate(review.resolved_at),
          })}
          {review.resolution ? `: ${review.resolution}` : ''}
        </p>
      )}
      {review.recent_strikes.length > 0 && (
        <details className={styles.disclosure}>
          <summary>{t('reviews.recent', { shown: review.recent_strikes.length })}</summary>
          <ul className={styles.strikes}>
            {review.recent_strikes.map((strike) => (
              <li key={strike.id}>
                <span className={styles.muted}>{formatDate(strike.created_at)}</span>
                <p className={styles.prompt}>{strike.prompt ?? t('reviews.no_prompt')}</p>
                {strike.neg_prompt && (
                  <p className={styles.muted}>{t('reviews.negative', { text: strike.neg_prompt })}</p>
                )}
                {strike.reasons.length > 0 && (
                  <p className={styles.muted}>{t('reviews.found', { reasons: strike.reasons.join(', ') })}</p>
                )}
              </li>
            ))}
          </ul>
        </details>
      )}
      <div className={styles.actions}>
        {review.state === 'open' && (
          <Button
            variant="primary"
            size="sm"
            onClick={() => open('resolve')}
            data-testid="mod-review-resolve"
          >
            {t('reviews.resolve')}
          </Button>
        )}
        {review.muted_at && (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => open('unmute')}
            data-testid="mod-review-unmute"
          >
            {t('reviews.lift_mute')}
          </Button>
        )}
      </div>
      <NoteDialog
        open={dialog !== null}
        onOpenChange={(next) => !next && setDialog(null)}
        title={
          dialog === 'unmute'
            ? t('reviews.lift_mute_title', { username: review.username })
            : t('reviews.resolve_title')
        }
        label={dialog === 'unmute' ? t('note.reason') : t('reviews.resolution')}
        confirm={dialog === 'unmute' ? t('reviews.lift_mute') : t('reviews.resolve')}
        pending={action.isPending}
        error={action.error}
        onSubmit={(note) => dialog && action.mutate({ kind: dialog, note })}
      />
    </article>
  );
}

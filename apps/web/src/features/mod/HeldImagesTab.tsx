import { IMAGE_SAFETY_REASONS } from '@mirage/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { notify } from '../../ui/notice.ts';
import { resolveHeldImage, type HeldImage, type HeldImageState } from './api.ts';
import { noteProblem, optionalNote } from './model.ts';
import { MOD_KEY, useHeldImages } from './queries.ts';
import { CardQueue, ErrorNotice, NoteField, Preview, StateFilter, useFormatDate } from './shared.tsx';
import styles from './Mod.module.css';

const STATES = ['open', 'released', 'removed'] as const satisfies readonly HeldImageState[];

/**
 * Images the image-side safety check held (docs/architecture/image-safety.md): each stays its owner's only
 * until a moderator releases it (its owner's privacy setting applies again) or removes it with its files.
 */
export function HeldImagesTab() {
  const { t } = useTranslation('mod');
  const [state, setState] = useState<HeldImageState>('open');
  const held = useHeldImages(state);
  return (
    <div className={styles.tab}>
      <StateFilter
        label={t('images.show')}
        value={state}
        options={STATES.map((value) => ({ value, label: t(`images.state.${value}`) }))}
        onChange={setState}
      />
      <CardQueue query={held} empty={t('images.empty')}>
        {(image) => <HeldImageCard image={image} />}
      </CardQueue>
    </div>
  );
}

function HeldImageCard({ image }: { image: HeldImage }) {
  const { t } = useTranslation('mod');
  const formatDate = useFormatDate();
  const queryClient = useQueryClient();
  const [note, setNote] = useState('');
  const [confirmRemove, setConfirmRemove] = useState(false);
  const decide = useMutation({
    mutationFn: (decision: 'release' | 'remove') => resolveHeldImage(image.id, decision, optionalNote(note)),
    onSuccess: (_answer, decision) => {
      notify(t(decision === 'release' ? 'images.released_done' : 'images.removed_done'), 'success');
      void queryClient.invalidateQueries({ queryKey: MOD_KEY });
    },
  });
  const noteInvalid = noteProblem(note, false) !== null;
  // A reason this console version does not know yet is shown as the server's code.
  const reasonText = (reason: string) =>
    (IMAGE_SAFETY_REASONS as readonly string[]).includes(reason)
      ? t(`images.reason.${reason as (typeof IMAGE_SAFETY_REASONS)[number]}`)
      : reason;
  const titleId = `mod-held-${image.id}`;
  return (
    <article className={styles.card} aria-labelledby={titleId} data-testid="mod-held-image">
      <div className={styles.reportGrid}>
        <div className={styles.thumb}>
          {image.image_present ? (
            <Preview uuid={image.image_uuid} alt={t('images.alt', { username: image.username ?? '—' })} />
          ) : (
            <span className={styles.thumbPlaceholder}>{t('images.deleted')}</span>
          )}
        </div>
        <div className={styles.details}>
          <h2 id={titleId} className={styles.cardTitle}>
            {image.username ?? t('images.deleted_account')}
          </h2>
          <p>
            {t('images.reasons', {
              reasons: image.reasons.map((reason) => reasonText(reason)).join(' · '),
            })}
          </p>
          <p className={styles.muted}>{t('images.held_at', { date: formatDate(image.created_at) })}</p>
          {image.resolved_at && (
            <p className={styles.muted}>{t('images.decided_at', { date: formatDate(image.resolved_at) })}</p>
          )}
        </div>
      </div>
      {image.state === 'open' && image.image_present && (
        <>
          <NoteField
            value={note}
            onChange={setNote}
            label={t('note.optional')}
            required={false}
            showProblem={noteInvalid}
            testId="mod-held-note"
          />
          {decide.error ? <ErrorNotice error={decide.error} /> : null}
          <div className={styles.actions}>
            <Button
              variant="primary"
              size="sm"
              disabled={noteInvalid}
              pending={decide.isPending && decide.variables === 'release'}
              onClick={() => decide.mutate('release')}
              data-testid="mod-held-release"
            >
              {t('images.release')}
            </Button>
            {confirmRemove ? (
              <Button
                variant="danger"
                size="sm"
                disabled={noteInvalid}
                pending={decide.isPending && decide.variables === 'remove'}
                onClick={() => decide.mutate('remove')}
                data-testid="mod-held-remove-confirm"
              >
                {t('images.remove_confirm')}
              </Button>
            ) : (
              <Button variant="secondary" size="sm" onClick={() => setConfirmRemove(true)}>
                {t('images.remove')}
              </Button>
            )}
          </div>
        </>
      )}
    </article>
  );
}

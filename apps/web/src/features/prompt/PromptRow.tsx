import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { TrashIcon } from '../../ui/icons.tsx';
import { canToggleSubscription, tagsOfPrompt, type SavedPrompt } from './model.ts';
import { StyleCount } from './StyleCount.tsx';
import { TagChips } from './TagChips.tsx';
import promptStyles from './Prompt.module.css';
import styles from './PromptRow.module.css';

export type RowAction = 'subscribe' | 'publish' | 'delete';

interface PromptRowProps {
  prompt: SavedPrompt;
  /** The viewer's own prompt: publish and delete. */
  own: boolean;
  /** The action of this row that is running, if any. */
  pending: RowAction | null;
  onApply: () => void;
  onSubscribe: () => void;
  onPublish: () => void;
  onDelete: () => void;
}

/**
 * One saved prompt of the browser: name, author, visibility, counts, tags by kind, and its actions.
 * Each button is described by the prompt's name, so "Apply" says which prompt it applies. While an
 * action runs the buttons are aria-disabled (not disabled, which would drop keyboard focus) and the
 * browser ignores further presses.
 */
export function PromptRow({
  prompt,
  own,
  pending,
  onApply,
  onSubscribe,
  onPublish,
  onDelete,
}: PromptRowProps) {
  const { t } = useTranslation('prompt');
  const nameId = useId();
  const busy = pending !== null;
  return (
    <li className={styles.row} data-testid="prompt-row" data-id={prompt.id}>
      <article className={styles.rowInner} aria-labelledby={nameId}>
        <div className={styles.rowHead}>
          <h3 id={nameId} className={styles.rowName}>
            {prompt.lib}
          </h3>
          {own && (
            <span className={styles.badge} data-tone={prompt.public ? 'public' : 'private'}>
              {prompt.public ? t('row.public') : t('row.private')}
            </span>
          )}
          {prompt.is_subscribed && (
            <span className={styles.badge} data-tone="subscribed">
              {t('row.subscribed')}
            </span>
          )}
        </div>
        <p className={promptStyles.meta}>
          <span>{own ? t('row.by_you') : t('row.by', { username: prompt.username })}</span>
          <span aria-hidden="true"> · </span>
          <span>
            <StyleCount count={prompt.styles.length} />
          </span>
          <span aria-hidden="true"> · </span>
          <span data-testid="prompt-subscribers">
            {t('row.subscribers', { count: prompt.subscriber_count })}
          </span>
        </p>
        <TagChips tags={tagsOfPrompt(prompt)} collapsible />
        <div className={styles.rowActions}>
          <Button
            size="sm"
            variant="primary"
            onClick={onApply}
            aria-describedby={nameId}
            data-testid="prompt-apply"
          >
            {t('row.apply')}
          </Button>
          {canToggleSubscription(prompt) && (
            <Button
              size="sm"
              variant={prompt.is_subscribed ? 'secondary' : 'outline'}
              onClick={onSubscribe}
              aria-disabled={busy || undefined}
              aria-busy={pending === 'subscribe' || undefined}
              aria-describedby={nameId}
              data-testid="prompt-subscribe"
            >
              {prompt.is_subscribed ? t('row.unsubscribe') : t('row.subscribe')}
            </Button>
          )}
          {own && (
            <>
              <Button
                size="sm"
                variant="ghost"
                onClick={onPublish}
                aria-disabled={busy || undefined}
                aria-busy={pending === 'publish' || undefined}
                aria-describedby={nameId}
                data-testid="prompt-publish"
              >
                {prompt.public ? t('row.unpublish') : t('row.publish')}
              </Button>
              <Button
                size="sm"
                variant="ghost"
                className={styles.deleteButton}
                onClick={onDelete}
                aria-disabled={busy || undefined}
                aria-describedby={nameId}
                data-testid="prompt-delete"
              >
                <TrashIcon size={16} />
                {t('row.delete')}
              </Button>
            </>
          )}
        </div>
      </article>
    </li>
  );
}

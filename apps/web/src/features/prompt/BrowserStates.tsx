import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { BookIcon, SearchIcon } from '../../ui/icons.tsx';
import { errorCode, useErrorText } from '../api/index.ts';
import type { EmptyKind, SavedPrompt } from './model.ts';
import { useDeletePrompt } from './queries.ts';
import promptStyles from './Prompt.module.css';
import styles from './PromptBrowser.module.css';

/** An empty list, saying why and what to do next (with a button where there is one). */
export function EmptyList({
  kind,
  search,
  onCommunity,
  onShowAll,
  onClearSearch,
}: {
  kind: EmptyKind;
  search: string;
  /** Switches to the Community tab. */
  onCommunity: () => void;
  /** Turns the "only subscribed" switch off. */
  onShowAll: () => void;
  onClearSearch: () => void;
}) {
  const { t } = useTranslation('prompt');
  const saveAction = t('save.open');
  const shareAction = t('save.public_label');
  const content: Record<EmptyKind, { title: string; text: string; action?: [string, () => void] }> = {
    no_match: {
      title: t('empty.no_match_title', { search: search.trim() }),
      text: t('empty.no_match_text'),
      action: [t('empty.clear_search'), onClearSearch],
    },
    mine: {
      title: t('empty.mine_title'),
      text: t('empty.mine_text', { action: saveAction }),
      action: [t('empty.browse_community'), onCommunity],
    },
    mine_subscribed: {
      title: t('empty.mine_subscribed_title'),
      text: t('empty.mine_subscribed_text', { action: saveAction }),
      action: [t('empty.browse_community'), onCommunity],
    },
    community: {
      title: t('empty.community_title'),
      text: t('empty.community_text', { action: shareAction }),
    },
    subscribed: {
      title: t('empty.subscribed_title'),
      text: t('empty.subscribed_text'),
      action: [t('empty.show_all'), onShowAll],
    },
  };
  const { title, text, action } = content[kind];
  const Icon = kind === 'no_match' ? SearchIcon : BookIcon;
  return (
    <div className={styles.empty} data-testid="prompt-empty" data-kind={kind}>
      <span className={styles.emptyIcon}>
        <Icon size={28} />
      </span>
      <p className={styles.emptyTitle}>{title}</p>
      <p className={styles.emptyText}>{text}</p>
      {action && (
        <Button size="sm" variant="outline" onClick={action[1]} data-testid="prompt-empty-action">
          {action[0]}
        </Button>
      )}
    </div>
  );
}

/**
 * Asks before deleting one's own prompt (docs/product/collections-and-prompts.md#saved-prompts); errors show
 * inside.
 */
export function DeletePromptDialog({
  prompt,
  onClose,
  onDeleted,
}: {
  /** The prompt to delete; null: closed. */
  prompt: SavedPrompt | null;
  onClose: () => void;
  onDeleted: (prompt: SavedPrompt) => void;
}) {
  const { t } = useTranslation('prompt');
  const errorText = useErrorText();
  const remove = useDeletePrompt();
  const [error, setError] = useState<string | null>(null);
  const subject = prompt;

  const close = () => {
    setError(null);
    remove.reset();
    onClose();
  };

  const confirm = () => {
    if (!subject || remove.isPending) return;
    setError(null);
    remove.mutate(subject, {
      onSuccess: () => {
        setError(null);
        onDeleted(subject);
      },
      onError: (caught) => setError(errorCode(caught)),
    });
  };

  const subscribers = subject?.subscriber_count ?? 0;
  return (
    <Dialog
      open={prompt !== null}
      onOpenChange={(open) => !open && close()}
      title={t('delete.title', { name: subject?.lib ?? '' })}
      description={
        subscribers > 0
          ? t('delete.description_subscribers', { count: subscribers })
          : t('delete.description')
      }
      fullOnMobile={false}
      testId="prompt-delete-dialog"
    >
      {error && <Alert testId="prompt-delete-error">{errorText(error)}</Alert>}
      <div className={promptStyles.buttons}>
        <Button variant="ghost" onClick={close} data-testid="prompt-delete-cancel">
          {t('delete.cancel')}
        </Button>
        <Button
          variant="danger"
          pending={remove.isPending}
          onClick={confirm}
          data-testid="prompt-delete-confirm"
        >
          {t('delete.confirm')}
        </Button>
      </div>
    </Dialog>
  );
}

import { SAVED_PROMPT_LIMIT } from '@mirage/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDownIcon } from '../../ui/icons.tsx';
import { notify } from '../../ui/notice.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { searchOfPrompt, type PromptSearch, type SavedPrompt } from './model.ts';
import { useSavedPrompts } from './queries.ts';
import { StyleCount } from './StyleCount.tsx';
import { NARROW_SCREEN, useMediaQuery } from '../../ui/useMediaQuery.ts';
import styles from './Prompt.module.css';

export interface QuickSavedListProps {
  /** Receives the chosen prompt's search (tags by kind and styles). */
  onApply: (search: PromptSearch) => void;
  /** When given, a "Manage" button opens the full browser (e.g. PromptBrowserDialog). */
  onManage?: () => void;
  /**
   * On phones (up to 640 px) the list folds under its heading, closed at first, so that the search
   * fields stay in reach; wider screens always show it.
   */
  collapsible?: boolean;
}

const tagCount = (prompt: SavedPrompt) =>
  prompt.pos_tags.length + prompt.opt_tags.length + prompt.neg_tags.length;

/**
 * The quick-saved prompt list (docs/product/collections-and-prompts.md#saved-prompts: up to 100): the user's
 * own saved prompts, newest first, as a compact scrolling list of buttons for a side panel. One request loads
 * them all. Signed-in users only (renders nothing for guests). Applying one says so in a notice.
 */
export function QuickSavedList({ onApply, onManage, collapsible = false }: QuickSavedListProps) {
  const { t } = useTranslation('prompt');
  const titleId = useId();
  const bodyId = useId();
  const narrow = useMediaQuery(NARROW_SCREEN);
  const [unfolded, setUnfolded] = useState(false);
  const query = useSavedPrompts();
  const items = query.data?.items;

  if (query.fetchStatus === 'idle' && query.isPending) return null; // a guest: nothing to list

  const folding = collapsible && narrow;
  const open = !folding || unfolded;
  const count = items && (
    <span className={styles.quickCount} data-testid="quick-saved-count">
      {t('quick.count', { saved: query.data?.total ?? items.length, max: SAVED_PROMPT_LIMIT })}
    </span>
  );

  return (
    <section className={styles.quick} aria-labelledby={titleId} data-testid="quick-saved">
      {folding ? (
        <h3 className={styles.quickTitle}>
          <button
            type="button"
            id={titleId}
            className={styles.quickToggle}
            aria-expanded={unfolded}
            aria-controls={bodyId}
            onClick={() => setUnfolded((value) => !value)}
            data-testid="quick-saved-toggle"
          >
            <span>{t('quick.title')}</span>
            {count}
            <ChevronDownIcon size={18} className={styles.quickChevron} />
          </button>
        </h3>
      ) : (
        <div className={styles.quickHeader}>
          <h3 id={titleId} className={styles.quickTitle}>
            {t('quick.title')}
          </h3>
          {count}
        </div>
      )}
      {open && <QuickBody id={bodyId} query={query} onApply={onApply} onManage={onManage} />}
    </section>
  );
}

function QuickBody({
  id,
  query,
  onApply,
  onManage,
}: {
  id: string;
  query: ReturnType<typeof useSavedPrompts>;
  onApply: (search: PromptSearch) => void;
  onManage?: () => void;
}) {
  const { t } = useTranslation('prompt');
  const items = query.data?.items;
  return (
    <div id={id} className={styles.quickBody}>
      {query.isPending ? (
        <div className={styles.quickState}>
          <Spinner size={20} label={t('quick.loading')} />
        </div>
      ) : !items ? (
        <div className={styles.quickState} data-testid="quick-saved-error">
          <p>{t('quick.error')}</p>
          <button type="button" className={styles.linkButton} onClick={() => void query.refetch()}>
            {t('quick.retry')}
          </button>
        </div>
      ) : items.length === 0 ? (
        <p className={styles.quickState} data-testid="quick-saved-empty">
          {t('quick.empty', { action: t('save.open') })}
        </p>
      ) : (
        <ul className={styles.quickList}>
          {items.map((prompt) => (
            <li key={prompt.id}>
              <button
                type="button"
                className={styles.quickItem}
                onClick={() => {
                  onApply(searchOfPrompt(prompt));
                  notify(t('notice.applied', { name: prompt.lib }), 'success');
                }}
                data-testid="quick-saved-item"
                data-id={prompt.id}
              >
                <span className={styles.quickName}>{prompt.lib}</span>
                <span className={styles.quickMeta}>
                  {t('quick.tags', { count: tagCount(prompt) })}
                  {' · '}
                  <StyleCount count={prompt.styles.length} />
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}

      {onManage && (
        <button
          type="button"
          className={styles.linkButton}
          onClick={onManage}
          data-testid="quick-saved-manage"
        >
          {t('quick.manage')}
        </button>
      )}
    </div>
  );
}

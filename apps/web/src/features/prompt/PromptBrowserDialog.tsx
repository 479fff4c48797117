import * as RadixDialog from '@radix-ui/react-dialog';
import { useId, useReducer, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import dialogStyles from '../../ui/Dialog.module.css';
import { Button } from '../../ui/Button.tsx';
import { CloseIcon } from '../../ui/icons.tsx';
import { notify } from '../../ui/notice.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { errorCode, useErrorText } from '../api/index.ts';
import { useSession } from '../session/index.ts';
import { BrowserTabs, BrowserToolbar } from './BrowserToolbar.tsx';
import { DeletePromptDialog, EmptyList } from './BrowserStates.tsx';
import { DialogAnnouncer } from '../../ui/DialogAnnouncer.tsx';
import {
  INITIAL_BROWSER_STATE,
  browserReducer,
  clampPage,
  emptyKind,
  isOwnPrompt,
  listRequest,
  pageInfo,
  searchOfPrompt,
  type PromptSearch,
  type SavedPrompt,
} from './model.ts';
import { PromptRow, type RowAction } from './PromptRow.tsx';
import { usePromptPage, usePublishPrompt, useSubscribePrompt } from './queries.ts';
import { useDebounced } from '../../ui/useDebounced.ts';
import styles from './PromptBrowser.module.css';

/** Decision: the name search waits this long after typing (one request per pause, not per key). */
const SEARCH_DEBOUNCE_MS = 250;

export interface PromptBrowserDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Receives the chosen prompt's search (tags by kind and styles); the dialog then closes. */
  onApply: (search: PromptSearch) => void;
}

/**
 * The community prompt browser (docs/product/collections-and-prompts.md#saved-prompts: MyPrompts, Community):
 * the user's saved prompts and the ones shared by others, searched by name, sorted, five a page
 * (docs/product/limits.md#gallery-and-prompts). Apply hands a prompt's search to the gallery; subscribe,
 * publish and delete act in place. Full screen on phones.
 */
export function PromptBrowserDialog({ open, onOpenChange, onApply }: PromptBrowserDialogProps) {
  const { t } = useTranslation('prompt');
  const searchRef = useRef<HTMLInputElement>(null);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={dialogStyles.overlay} />
        <RadixDialog.Content
          className={styles.frame}
          data-testid="prompt-browser"
          onEscapeKeyDown={(event) => {
            // Escape in a filled search box clears it (the box's own key handler) instead of closing.
            if (event.target === searchRef.current && searchRef.current?.value) event.preventDefault();
          }}
        >
          <div className={dialogStyles.header}>
            <div className={dialogStyles.titles}>
              <RadixDialog.Title className={dialogStyles.title}>{t('browser.title')}</RadixDialog.Title>
              <RadixDialog.Description className={dialogStyles.description}>
                {t('browser.description')}
              </RadixDialog.Description>
            </div>
            <RadixDialog.Close className={dialogStyles.close} aria-label={t('browser.close')}>
              <CloseIcon />
            </RadixDialog.Close>
          </div>
          <Browser
            searchRef={searchRef}
            onApply={(search) => {
              onApply(search);
              onOpenChange(false);
            }}
          />
          <DialogAnnouncer />
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

function Browser({
  searchRef,
  onApply,
}: {
  searchRef: RefObject<HTMLInputElement | null>;
  onApply: (search: PromptSearch) => void;
}) {
  const { t } = useTranslation('prompt');
  const errorText = useErrorText();
  const idPrefix = useId();
  const panelId = `${idPrefix}-panel`;
  const panelRef = useRef<HTMLDivElement>(null);
  const { user } = useSession();
  const [state, dispatch] = useReducer(browserReducer, INITIAL_BROWSER_STATE);
  const search = useDebounced(state.search, SEARCH_DEBOUNCE_MS);
  const request = listRequest(state, search);
  const query = usePromptPage(request);
  const subscribe = useSubscribePrompt();
  const publish = usePublishPrompt();
  const [deleting, setDeleting] = useState<SavedPrompt | null>(null);

  const data = query.data;
  // A list that shrank under the current page (a delete, an unsubscribe) shows its last page instead.
  if (data && !query.isPlaceholderData && clampPage(state.page, data.pages) !== state.page) {
    dispatch({ type: 'page', page: clampPage(state.page, data.pages) });
  }

  const pendingOf = (prompt: SavedPrompt): RowAction | null => {
    if (subscribe.isPending && subscribe.variables.prompt.id === prompt.id) return 'subscribe';
    if (publish.isPending && publish.variables.prompt.id === prompt.id) return 'publish';
    return null;
  };
  const fail = (caught: unknown) => notify(errorText(errorCode(caught)), 'error');

  function toggleSubscription(prompt: SavedPrompt) {
    if (pendingOf(prompt)) return;
    const next = !prompt.is_subscribed;
    subscribe.mutate(
      { prompt, subscribe: next },
      {
        onSuccess: () =>
          notify(t(next ? 'notice.subscribed' : 'notice.unsubscribed', { name: prompt.lib }), 'success'),
        onError: fail,
      },
    );
  }

  function togglePublic(prompt: SavedPrompt) {
    if (pendingOf(prompt)) return;
    const next = !prompt.public;
    publish.mutate(
      { prompt, isPublic: next },
      {
        onSuccess: () =>
          notify(t(next ? 'notice.published' : 'notice.unpublished', { name: prompt.lib }), 'success'),
        onError: fail,
      },
    );
  }

  function apply(prompt: SavedPrompt) {
    onApply(searchOfPrompt(prompt));
    notify(t('notice.applied', { name: prompt.lib }), 'success');
  }

  const page = pageInfo(state.page, data?.pages ?? 0);
  const empty = data !== undefined && data.items.length === 0;

  return (
    <>
      <BrowserTabs tab={state.tab} idPrefix={idPrefix} panelId={panelId} dispatch={dispatch} />
      <div
        ref={panelRef}
        role="tabpanel"
        id={panelId}
        aria-labelledby={`${idPrefix}-tab-${state.tab}`}
        tabIndex={-1}
        className={styles.panel}
      >
        <BrowserToolbar state={state} dispatch={dispatch} searchRef={searchRef} />

        <div className={styles.status}>
          <p role="status" data-testid="prompt-results">
            {data && data.total > 0 ? t('browser.results', { count: data.total }) : ''}
          </p>
          {query.isFetching && data && <Spinner size={16} />}
        </div>

        <div className={styles.listArea} aria-busy={query.isFetching || undefined}>
          {query.isPending ? (
            <div className={styles.loading}>
              <Spinner size={32} label={t('browser.loading')} />
            </div>
          ) : !data ? (
            <div className={styles.empty} data-testid="prompt-error">
              <p className={styles.emptyTitle}>{t('browser.error')}</p>
              <p className={styles.emptyText}>{errorText(errorCode(query.error))}</p>
              <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
                {t('browser.retry')}
              </Button>
            </div>
          ) : empty ? (
            <EmptyList
              kind={emptyKind(state, search)}
              search={search}
              onCommunity={() => dispatch({ type: 'tab', tab: 'community' })}
              onShowAll={() => dispatch({ type: 'subscribed', subscribed: false })}
              onClearSearch={() => {
                dispatch({ type: 'search', search: '' });
                searchRef.current?.focus();
              }}
            />
          ) : (
            <ul className={styles.list} data-stale={query.isPlaceholderData || undefined}>
              {data.items.map((prompt) => (
                <PromptRow
                  key={prompt.id}
                  prompt={prompt}
                  own={isOwnPrompt(prompt, user?.id)}
                  pending={pendingOf(prompt)}
                  onApply={() => apply(prompt)}
                  onSubscribe={() => toggleSubscription(prompt)}
                  onPublish={() => togglePublic(prompt)}
                  onDelete={() => !pendingOf(prompt) && setDeleting(prompt)}
                />
              ))}
            </ul>
          )}
        </div>

        {data && data.pages > 1 && (
          <nav className={styles.pager} aria-label={t('browser.pager')}>
            <Button
              size="sm"
              variant="secondary"
              aria-disabled={!page.hasPrevious || undefined}
              onClick={() => page.hasPrevious && dispatch({ type: 'page', page: state.page - 1 })}
              data-testid="prompt-previous"
            >
              {t('browser.previous')}
            </Button>
            <span className={styles.pageLabel} aria-live="polite" data-testid="prompt-page">
              {t('browser.page', { current: page.current, total: page.total })}
            </span>
            <Button
              size="sm"
              variant="secondary"
              aria-disabled={!page.hasNext || undefined}
              onClick={() => page.hasNext && dispatch({ type: 'page', page: state.page + 1 })}
              data-testid="prompt-next"
            >
              {t('browser.next')}
            </Button>
          </nav>
        )}
      </div>

      <DeletePromptDialog
        prompt={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={(prompt) => {
          setDeleting(null);
          notify(t('notice.deleted', { name: prompt.lib }), 'success');
          // The row and its button are gone: keep keyboard focus in the list.
          requestAnimationFrame(() => panelRef.current?.focus());
        }}
      />
    </>
  );
}

import { PROMPT_SEARCH_MAX, PROMPT_SORTS, type PromptSort } from '@mirage/domain';
import { useId, type Dispatch, type KeyboardEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon, SearchIcon } from '../../ui/icons.tsx';
import { Switch } from '../../ui/Switch.tsx';
import { BROWSER_TABS, orderKey, type BrowserAction, type BrowserState, type BrowserTab } from './model.ts';
import styles from './PromptBrowser.module.css';

/** The browser's tabs (WAI-ARIA tabs: arrows, Home and End move and select; one tab stop). */
export function BrowserTabs({
  tab,
  idPrefix,
  panelId,
  dispatch,
}: {
  tab: BrowserTab;
  idPrefix: string;
  panelId: string;
  dispatch: Dispatch<BrowserAction>;
}) {
  const { t } = useTranslation('prompt');

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const index = BROWSER_TABS.indexOf(tab);
    const last = BROWSER_TABS.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % BROWSER_TABS.length
        : event.key === 'ArrowLeft'
          ? (index + last) % BROWSER_TABS.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const chosen = BROWSER_TABS[next] ?? tab;
    dispatch({ type: 'tab', tab: chosen });
    document.getElementById(`${idPrefix}-tab-${chosen}`)?.focus();
  }

  return (
    <div role="tablist" aria-label={t('browser.tabs_label')} className={styles.tabs}>
      {BROWSER_TABS.map((value) => (
        <button
          key={value}
          type="button"
          role="tab"
          id={`${idPrefix}-tab-${value}`}
          aria-selected={value === tab}
          aria-controls={panelId}
          tabIndex={value === tab ? 0 : -1}
          className={styles.tab}
          onClick={() => dispatch({ type: 'tab', tab: value })}
          onKeyDown={onKeyDown}
          data-testid={`prompt-tab-${value}`}
        >
          {value === 'mine' ? t('browser.tab_mine') : t('browser.tab_community')}
        </button>
      ))}
    </div>
  );
}

/** Search by name, sort and its direction, and the "subscribed" switch of the current tab. */
export function BrowserToolbar({
  state,
  dispatch,
  searchRef,
}: {
  state: BrowserState;
  dispatch: Dispatch<BrowserAction>;
  searchRef: RefObject<HTMLInputElement | null>;
}) {
  const { t } = useTranslation('prompt');
  const id = useId();
  const order = orderKey(state.sort, state.descending);
  const sortLabel: Record<PromptSort, string> = {
    created_at: t('browser.sort.created_at'),
    subscribers: t('browser.sort.subscribers'),
    lib: t('browser.sort.lib'),
  };
  return (
    <div className={styles.toolbar}>
      <div className={styles.searchBox}>
        <label htmlFor={`${id}-search`} className="visually-hidden">
          {t('browser.search_label')}
        </label>
        <SearchIcon size={18} className={styles.searchIcon} />
        <input
          ref={searchRef}
          id={`${id}-search`}
          type="search"
          className={styles.searchInput}
          placeholder={t('browser.search_placeholder')}
          maxLength={PROMPT_SEARCH_MAX}
          autoComplete="off"
          spellCheck={false}
          value={state.search}
          onChange={(event) => dispatch({ type: 'search', search: event.target.value })}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && state.search) dispatch({ type: 'search', search: '' });
          }}
          data-testid="prompt-search"
        />
        {state.search && (
          <button
            type="button"
            className={styles.clearSearch}
            aria-label={t('browser.clear_search')}
            onClick={() => {
              dispatch({ type: 'search', search: '' });
              searchRef.current?.focus();
            }}
            data-testid="prompt-search-clear"
          >
            <CloseIcon size={16} />
          </button>
        )}
      </div>

      <div className={styles.controls}>
        <label className={styles.sortField}>
          <span className={styles.controlLabel}>{t('browser.sort_label')}</span>
          <select
            className={styles.select}
            value={state.sort}
            onChange={(event) => dispatch({ type: 'sort', sort: event.target.value as PromptSort })}
            data-testid="prompt-sort"
          >
            {PROMPT_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {sortLabel[sort]}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className={styles.orderButton}
          onClick={() => dispatch({ type: 'reverse' })}
          aria-describedby={`${id}-reverse`}
          data-testid="prompt-order"
          data-descending={state.descending}
        >
          <span className={styles.orderArrow} aria-hidden="true">
            {state.descending ? '↓' : '↑'}
          </span>
          {t(`browser.order.${order}`)}
        </button>
        <span id={`${id}-reverse`} className="visually-hidden">
          {t('browser.reverse_hint')}
        </span>

        <div className={styles.switchField}>
          <span id={`${id}-subscribed`} className={styles.controlLabel}>
            {state.tab === 'mine' ? t('browser.subscribed_mine') : t('browser.subscribed_community')}
          </span>
          <Switch
            checked={state.subscribed}
            onCheckedChange={(subscribed) => dispatch({ type: 'subscribed', subscribed })}
            aria-labelledby={`${id}-subscribed`}
            testId="prompt-subscribed"
          />
        </div>
      </div>
    </div>
  );
}

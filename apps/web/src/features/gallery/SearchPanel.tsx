import { FORMATS, RENDERS, SEARCH_GEN_TYPES } from '@mirage/domain';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { CloseIcon } from '../../ui/icons.tsx';
import { FilterGroup } from './FilterGroup.tsx';
import { ResultCount } from './ResultCount.tsx';
import { SavedSearches } from './SavedSearches.tsx';
import {
  EMPTY_SEARCH,
  addTag,
  isEmptySearch,
  removeTag,
  toggleValue,
  type GallerySearch,
  type TagList,
} from './searchState.ts';
import { StyleFilter } from './StyleFilter.tsx';
import { TagField } from './TagField.tsx';
import { useSearchFocusRequest } from './useSearchFocusRequest.ts';
import styles from './SearchPanel.module.css';

export const SEARCH_PANEL_ID = 'gallery-search-panel';

interface SearchPanelProps {
  search: GallerySearch;
  onChange: (next: GallerySearch) => void;
  counts: Record<string, number>;
  total: number;
  capped: boolean;
  loading: boolean;
  onClose: () => void;
}

/**
 * The search panel (docs/product/gallery.md#in-the-web, opened by ?search=open, signed-in only): positive,
 * optional and negative tags with autocomplete, styles, render, format and generation type, the number of
 * results, clear all; saving the search and applying saved prompts. Every change is a new address, so back
 * and forward step through searches.
 */
export function SearchPanel({ search, onChange, counts, total, capped, loading, onClose }: SearchPanelProps) {
  const { t } = useTranslation('gallery');
  const panelRef = useRef<HTMLElement>(null);
  // The top menu's search button asks for the first tag box (?focus=search).
  useSearchFocusRequest(panelRef);
  const lists: { list: TagList; label: string; hint: string }[] = [
    { list: 'pos', label: t('search.pos_label'), hint: t('search.pos_hint') },
    { list: 'opt', label: t('search.opt_label'), hint: t('search.opt_hint') },
    { list: 'neg', label: t('search.neg_label'), hint: t('search.neg_hint') },
  ];
  return (
    <aside
      ref={panelRef}
      id={SEARCH_PANEL_ID}
      className={styles.panel}
      aria-labelledby={`${SEARCH_PANEL_ID}-title`}
      data-testid="search-panel"
      onKeyDown={(event) => {
        // docs/product/gallery.md: panels close on Escape (a tag box handles its own Escape first). Keys from
        // the saved prompt dialogs bubble here through their portals: those are the dialogs' own.
        const inside = event.currentTarget.contains(event.target as Node);
        if (event.key === 'Escape' && !event.defaultPrevented && inside) {
          event.preventDefault();
          onClose();
        }
      }}
    >
      <div className={styles.panelHeader}>
        <h2 id={`${SEARCH_PANEL_ID}-title`} className={styles.panelTitle}>
          {t('search.title')}
        </h2>
        <button
          type="button"
          className={styles.close}
          onClick={onClose}
          aria-label={t('search.close')}
          data-testid="search-close"
        >
          <CloseIcon size={18} />
        </button>
      </div>
      <div className={styles.summary}>
        <ResultCount total={total} capped={capped} loading={loading} />
        <button
          type="button"
          className={styles.linkButton}
          onClick={() => onChange(EMPTY_SEARCH)}
          disabled={isEmptySearch(search)}
          data-testid="search-clear"
        >
          {t('search.clear_all')}
        </button>
      </div>

      <SavedSearches search={search} onChange={onChange} />

      {lists.map(({ list, label, hint }) => (
        <TagField
          key={list}
          list={list}
          label={label}
          hint={hint}
          tags={search[list]}
          counts={counts}
          onAdd={(tag) => onChange(addTag(search, list, tag))}
          onRemove={(id) => onChange(removeTag(search, list, id))}
        />
      ))}

      <FilterGroup
        name="render"
        legend={t('search.render_label')}
        options={RENDERS.map((value) => ({ value, label: t(`search.render_${value}`) }))}
        chosen={search.renders}
        onToggle={(value) => onChange({ ...search, renders: toggleValue(search.renders, value, RENDERS) })}
      />
      <FilterGroup
        name="format"
        legend={t('search.format_label')}
        options={FORMATS.map((value) => ({ value, label: t(`search.format_${value}`) }))}
        chosen={search.formats}
        onToggle={(value) => onChange({ ...search, formats: toggleValue(search.formats, value, FORMATS) })}
      />
      <FilterGroup
        name="gen"
        legend={t('search.gen_label')}
        options={SEARCH_GEN_TYPES.map((value) => ({ value, label: t(`search.gen_${value}`) }))}
        chosen={search.genTypes}
        onToggle={(value) =>
          onChange({ ...search, genTypes: toggleValue(search.genTypes, value, SEARCH_GEN_TYPES) })
        }
      />
      <StyleFilter search={search} onChange={onChange} />

      <div className={styles.panelFooter}>
        <Button variant="primary" block onClick={onClose} data-testid="search-show-results">
          {t('search.show_results')}
        </Button>
      </div>
    </aside>
  );
}

import { PROMPT_MAX_STYLES, PROMPT_MAX_TAGS } from '@mirage/domain';
import { useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { BookIcon, BookmarkPlusIcon } from '../../ui/icons.tsx';
import {
  PromptBrowserDialog,
  QuickSavedList,
  SavePromptDialog,
  canSaveSearch,
  searchProblem,
  type PromptSearch,
} from '../prompt/index.ts';
import { withSavedSearch, type GallerySearch } from './searchState.ts';
import styles from './SearchPanel.module.css';

interface SavedSearchesProps {
  search: GallerySearch;
  onChange: (next: GallerySearch) => void;
}

/**
 * Saved prompts in the search panel (docs/product/collections-and-prompts.md#saved-prompts): "Save search"
 * (while the search can be saved; otherwise a line says why), "Saved prompts" (the browser, where
 * they are managed), and the user's own saved prompts as a quick list, folded on phones. Applying a prompt replaces the tags and
 * styles and keeps the format, render and generation type filters; like any search change it is a new
 * address.
 */
export function SavedSearches({ search, onChange }: SavedSearchesProps) {
  const { t } = useTranslation('prompt');
  const hintId = useId();
  const [saving, setSaving] = useState(false);
  const [browsing, setBrowsing] = useState(false);
  const apply = useCallback(
    (picked: PromptSearch) => onChange(withSavedSearch(search, picked)),
    [onChange, search],
  );
  const problem = searchProblem(search);

  return (
    <div className={styles.saved} data-testid="saved-searches">
      <div className={styles.savedActions}>
        <Button
          size="sm"
          variant="outline"
          onClick={() => setSaving(true)}
          disabled={!canSaveSearch(search)}
          aria-describedby={problem ? hintId : undefined}
          data-testid="search-save"
        >
          <BookmarkPlusIcon size={18} />
          {t('save.open')}
        </Button>
        <Button
          size="sm"
          variant="outline"
          onClick={() => setBrowsing(true)}
          data-testid="search-saved-prompts"
        >
          <BookIcon size={18} />
          {t('browser.open')}
        </Button>
      </div>
      {problem && (
        <p id={hintId} className={styles.fieldHint} data-testid="search-save-hint">
          {t(`save.${problem}`, { max: problem === 'too_many_styles' ? PROMPT_MAX_STYLES : PROMPT_MAX_TAGS })}
        </p>
      )}
      <QuickSavedList onApply={apply} collapsible />
      <SavePromptDialog open={saving} onOpenChange={setSaving} search={search} />
      <PromptBrowserDialog open={browsing} onOpenChange={setBrowsing} onApply={apply} />
    </div>
  );
}

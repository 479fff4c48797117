import { SEARCH_MAX_TAGS } from '@mirage/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../../ui/icons.tsx';
import type { SearchTag, TagList } from './searchState.ts';
import { TagCombobox } from './TagCombobox.tsx';
import styles from './SearchPanel.module.css';

interface TagFieldProps {
  list: TagList;
  label: string;
  hint: string;
  tags: readonly SearchTag[];
  /** Images per tag id (the search answer's tags_count). */
  counts: Record<string, number>;
  onAdd: (tag: SearchTag) => void;
  onRemove: (id: number) => void;
}

/**
 * One tag list of the search (must include, nice to have, exclude): chips of the chosen tags and the
 * tag autocomplete (TagCombobox); Backspace in an empty box removes the last chip.
 */
export function TagField({ list, label, hint, tags, counts, onAdd, onRemove }: TagFieldProps) {
  const { t, i18n } = useTranslation('gallery');
  const id = useId();
  const inputId = `${id}-input`;
  const hintId = `${id}-hint`;
  const full = tags.length >= SEARCH_MAX_TAGS;
  const format = new Intl.NumberFormat(i18n.language);

  return (
    <div className={styles.tagField} data-list={list} data-testid={`search-field-${list}`}>
      <label className={styles.fieldLabel} htmlFor={inputId}>
        {label}
      </label>
      <p id={hintId} className={styles.fieldHint}>
        {hint}
      </p>
      {tags.length > 0 && (
        <ul className={styles.chips} aria-label={label}>
          {tags.map((tag) => {
            const count = counts[String(tag.id)];
            return (
              <li key={tag.id}>
                <button
                  type="button"
                  className={styles.chip}
                  data-list={list}
                  data-testid={`search-chip-${list}`}
                  data-tag-id={tag.id}
                  aria-label={t('search.remove_tag', { tag: tag.name })}
                  onClick={() => onRemove(tag.id)}
                >
                  <span className={styles.chipName}>{tag.name}</span>
                  {count !== undefined && (
                    <span className={styles.chipCount} data-testid="search-chip-count">
                      {format.format(count)}
                    </span>
                  )}
                  <CloseIcon size={14} />
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <TagCombobox
        inputId={inputId}
        describedBy={hintId}
        exclude={new Set(tags.map((tag) => tag.id))}
        onPick={onAdd}
        onBackspaceEmpty={() => {
          const last = tags.at(-1);
          if (last) onRemove(last.id);
        }}
        disabled={full}
        placeholder={full ? t('search.list_full') : t('search.placeholder')}
        testId={`search-input-${list}`}
        listTestId={`search-options-${list}`}
      />
    </div>
  );
}

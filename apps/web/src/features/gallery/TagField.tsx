import { SEARCH_DEBOUNCE_MS, SEARCH_MAX_TAGS } from '@mirage/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../../ui/icons.tsx';
import { fetchTagSuggestions, type TagSuggestion } from './api.ts';
import type { SearchTag, TagList } from './searchState.ts';
import { useDebounced } from './useDebounced.ts';
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

/** Tag names are lower case (tags are normalised on the server), so the prefix is too. */
const normalise = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * One tag list of the search (must include, nice to have, exclude): chips of the chosen tags and an
 * autocomplete (WAI-ARIA combobox with a listbox): typing waits 100 ms, arrows move, Enter picks,
 * Escape closes, Backspace in an empty box removes the last chip.
 */
export function TagField({ list, label, hint, tags, counts, onAdd, onRemove }: TagFieldProps) {
  const { t, i18n } = useTranslation('gallery');
  const id = useId();
  const inputId = `${id}-input`;
  const listId = `${id}-list`;
  const hintId = `${id}-hint`;
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const prefix = useDebounced(normalise(text), SEARCH_DEBOUNCE_MS);
  const full = tags.length >= SEARCH_MAX_TAGS;

  const suggestions = useQuery({
    queryKey: ['gallery', 'tags', prefix],
    queryFn: ({ signal }) => fetchTagSuggestions(prefix, signal),
    enabled: prefix.length > 0 && !full,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
  const chosen = new Set(tags.map((tag) => tag.id));
  const options = prefix ? (suggestions.data ?? []).filter((tag) => !chosen.has(tag.id)) : [];
  const typing = normalise(text) !== prefix || suggestions.isFetching;
  const expanded = open && normalise(text).length > 0 && !full;
  const format = new Intl.NumberFormat(i18n.language);

  function pick(option: TagSuggestion) {
    onAdd({ id: option.id, name: option.name });
    setText('');
    setActive(-1);
    setOpen(false);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setOpen(true);
        if (options.length > 0) setActive((index) => (index + 1) % options.length);
        break;
      case 'ArrowUp':
        event.preventDefault();
        setOpen(true);
        if (options.length > 0) setActive((index) => (index <= 0 ? options.length - 1 : index - 1));
        break;
      case 'Enter': {
        if (!expanded) break;
        event.preventDefault();
        const exact = options.find((option) => option.name === normalise(text));
        const option = options[active] ?? exact ?? (options.length === 1 ? options[0] : undefined);
        if (option && !typing) pick(option);
        break;
      }
      case 'Escape':
        if (expanded) {
          event.preventDefault();
          event.stopPropagation();
          setOpen(false);
          setActive(-1);
        } else if (text) {
          event.preventDefault();
          event.stopPropagation();
          setText('');
        }
        break;
      case 'Backspace': {
        const last = tags.at(-1);
        if (text === '' && last) onRemove(last.id);
        break;
      }
      case 'Tab':
        setOpen(false);
        break;
    }
  }

  const activeOption = expanded ? options[active] : undefined;
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
      <div className={styles.combo}>
        <input
          id={inputId}
          className={styles.tagInput}
          type="text"
          role="combobox"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          enterKeyHint="done"
          maxLength={48}
          placeholder={full ? t('search.list_full') : t('search.placeholder')}
          disabled={full}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={activeOption ? `${listId}-${activeOption.id}` : undefined}
          aria-describedby={hintId}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
          data-testid={`search-input-${list}`}
        />
        <div className={styles.popup} hidden={!expanded}>
          <ul
            id={listId}
            role="listbox"
            aria-label={t('search.suggestions')}
            className={styles.listbox}
            data-testid={`search-options-${list}`}
          >
            {options.map((option, index) => (
              <li
                key={option.id}
                id={`${listId}-${option.id}`}
                role="option"
                aria-selected={index === active}
                className={styles.option}
                data-testid="search-option"
                data-tag-id={option.id}
                // Keep the focus in the box: the pick happens on click.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => pick(option)}
                onMouseMove={() => setActive(index)}
              >
                <span className={styles.optionName}>{option.name}</span>
                <span className={styles.optionCount}>{t('search.tag_count', { count: option.count })}</span>
              </li>
            ))}
          </ul>
          {options.length === 0 && (
            <p className={styles.optionNote} role="status">
              {typing ? t('search.searching') : t('search.no_match', { text: normalise(text) })}
            </p>
          )}
        </div>
      </div>
    </div>
  );
}

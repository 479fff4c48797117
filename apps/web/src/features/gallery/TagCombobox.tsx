import { SEARCH_DEBOUNCE_MS } from '@mirage/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchTagSuggestions, type TagSuggestion } from './api.ts';
import type { SearchTag } from './searchState.ts';
import { useDebounced } from '../../ui/useDebounced.ts';
import styles from './SearchPanel.module.css';

export interface TagComboboxProps {
  /** The `<input>`'s id (its `<label htmlFor>` is the caller's). */
  inputId: string;
  /** Ids of elements describing the box (a hint). */
  describedBy?: string;
  /** Tags not to offer (already chosen). */
  exclude: ReadonlySet<number>;
  onPick: (tag: SearchTag) => void;
  /** Backspace in an empty box (e.g. removes the last chip). */
  onBackspaceEmpty?: () => void;
  disabled?: boolean;
  placeholder: string;
  /** Test ids: `<testId>` on the input, `<listTestId>` on the listbox; options are `search-option`. */
  testId: string;
  listTestId: string;
}

/** Tag names are lower case (tags are normalised on the server), so the prefix is too. */
const normalise = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * Prompt tag autocomplete (GET /api/gallery/search/tags, any word of a tag starting with the text):
 * a WAI-ARIA combobox with a listbox. Typing waits 100 ms; arrows move, Enter picks, Escape closes
 * (then clears), Tab leaves. Used by the gallery search and the hidden tags of the settings.
 */
export function TagCombobox({
  inputId,
  describedBy,
  exclude,
  onPick,
  onBackspaceEmpty,
  disabled = false,
  placeholder,
  testId,
  listTestId,
}: TagComboboxProps) {
  const { t } = useTranslation('gallery');
  const listId = `${inputId}-list`;
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const prefix = useDebounced(normalise(text), SEARCH_DEBOUNCE_MS);

  const suggestions = useQuery({
    // Not under the boards' key: suggestions do not depend on the viewer, so board refreshes leave them.
    queryKey: ['tag-suggestions', prefix],
    queryFn: ({ signal }) => fetchTagSuggestions(prefix, signal),
    enabled: prefix.length > 0 && !disabled,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
  const options = prefix ? (suggestions.data ?? []).filter((tag) => !exclude.has(tag.id)) : [];
  const typing = normalise(text) !== prefix || suggestions.isFetching;
  const expanded = open && normalise(text).length > 0 && !disabled;

  function pick(option: TagSuggestion) {
    onPick({ id: option.id, name: option.name });
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
      case 'Backspace':
        if (text === '') onBackspaceEmpty?.();
        break;
      case 'Tab':
        setOpen(false);
        break;
    }
  }

  const activeOption = expanded ? options[active] : undefined;
  return (
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
        placeholder={placeholder}
        disabled={disabled}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={activeOption ? `${listId}-${activeOption.id}` : undefined}
        aria-describedby={describedBy}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        data-testid={testId}
      />
      <div className={styles.popup} hidden={!expanded}>
        <ul
          id={listId}
          role="listbox"
          aria-label={t('search.suggestions')}
          className={styles.listbox}
          data-testid={listTestId}
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
  );
}

import { useEffect, useRef, type KeyboardEvent } from 'react';
import { tabKeyTarget } from '../../ui/tabKeys.ts';
import styles from './Tabs.module.css';

/**
 * A tab list (WAI-ARIA tabs, automatic activation): one tab stop, arrow keys, Home and End move between tabs.
 * The panel is the caller's, with `id` `${idPrefix}-panel` and labelled by the selected tab. When the tabs
 * are wider than the screen the list scrolls sideways in its own row, and the selected tab is kept in view.
 */
export function Tabs<T extends string>({
  label,
  idPrefix,
  tabs,
  selected,
  onSelect,
}: {
  label: string;
  idPrefix: string;
  tabs: readonly { value: T; label: string }[];
  selected: T;
  onSelect: (value: T) => void;
}) {
  const listRef = useRef<HTMLDivElement>(null);
  const refs = useRef(new Map<T, HTMLButtonElement>());

  // Only the list scrolls (scrollIntoView could scroll the page too): just enough to show the whole tab.
  useEffect(() => {
    const list = listRef.current;
    const tab = refs.current.get(selected);
    if (!list || !tab || list.scrollWidth <= list.clientWidth) return;
    const start = tab.offsetLeft; // the list is the tabs' offset parent (position: relative)
    const end = start + tab.offsetWidth;
    if (start < list.scrollLeft) list.scrollLeft = start;
    else if (end > list.scrollLeft + list.clientWidth) list.scrollLeft = end - list.clientWidth;
  }, [selected]);

  const move = (event: KeyboardEvent, index: number) => {
    const target = tabKeyTarget(event.key, index, tabs.length);
    if (target === null) return;
    event.preventDefault();
    const next = tabs[target]!.value;
    onSelect(next);
    refs.current.get(next)?.focus();
  };
  return (
    <div ref={listRef} role="tablist" aria-label={label} className={styles.tabs}>
      {tabs.map((tab, index) => {
        const active = tab.value === selected;
        return (
          <button
            key={tab.value}
            ref={(element) => {
              if (element) refs.current.set(tab.value, element);
              else refs.current.delete(tab.value);
            }}
            type="button"
            role="tab"
            id={`${idPrefix}-tab-${tab.value}`}
            aria-selected={active}
            aria-controls={`${idPrefix}-panel`}
            tabIndex={active ? 0 : -1}
            className={styles.tab}
            data-testid={`mod-tab-${tab.value}`}
            onClick={() => onSelect(tab.value)}
            onKeyDown={(event) => move(event, index)}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}

import { useRef, type KeyboardEvent } from 'react';
import styles from './Mod.module.css';
import { tabKeyTarget } from '../../ui/tabKeys.ts';

/**
 * A tab list (WAI-ARIA tabs, automatic activation): one tab stop, arrow keys, Home and End move between tabs.
 * The panel is the caller's, with `id` `${idPrefix}-panel` and labelled by the selected tab.
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
  const refs = useRef(new Map<T, HTMLButtonElement>());
  const move = (event: KeyboardEvent, index: number) => {
    const target = tabKeyTarget(event.key, index, tabs.length);
    if (target === null) return;
    event.preventDefault();
    const next = tabs[target]!.value;
    onSelect(next);
    refs.current.get(next)?.focus();
  };
  return (
    <div role="tablist" aria-label={label} className={styles.tabs}>
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
            className={styles.tabButton}
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

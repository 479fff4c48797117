import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { splitChips, tagGroups, type PromptSearch, type PromptTagKind } from './model.ts';
import styles from './Prompt.module.css';

/** A sign per kind, so that the kinds differ by more than colour (the label says it in words). */
const GLYPH: Record<PromptTagKind, string> = { pos: '+', opt: '~', neg: '−' };

interface TagChipsProps {
  tags: Pick<PromptSearch, PromptTagKind>;
  /** Long lists show a few chips and a "+N" button that shows the rest. */
  collapsible?: boolean;
}

/**
 * The tags of a search by kind: "Must include", "Nice to have", "Exclude", each a labelled list of chips
 * with its own colour and sign. Kinds without tags are left out.
 */
export function TagChips({ tags, collapsible = false }: TagChipsProps) {
  const { t } = useTranslation('prompt');
  const id = useId();
  const [expanded, setExpanded] = useState<ReadonlySet<PromptTagKind>>(new Set());
  const toggle = (kind: PromptTagKind) =>
    setExpanded((open) => {
      const next = new Set(open);
      if (!next.delete(kind)) next.add(kind);
      return next;
    });
  return (
    <div className={styles.groups}>
      {tagGroups(tags).map(({ kind, tags: list }) => {
        const labelId = `${id}-${kind}`;
        const isOpen = collapsible && expanded.has(kind) && splitChips(list, false).hidden > 0;
        const { shown, hidden } = splitChips(list, !collapsible || expanded.has(kind));
        return (
          <div key={kind} className={styles.group} data-kind={kind}>
            <span id={labelId} className={styles.kindLabel}>
              {t(`kinds.${kind}`)}
            </span>
            <ul className={styles.chips} aria-labelledby={labelId} data-testid={`prompt-tags-${kind}`}>
              {shown.map((tag) => (
                <li key={tag.id} className={styles.chip} data-kind={kind}>
                  <span className={styles.glyph} aria-hidden="true">
                    {GLYPH[kind]}
                  </span>
                  <span className={styles.chipName}>{tag.name}</span>
                </li>
              ))}
              {(hidden > 0 || isOpen) && (
                <li key="toggle">
                  <button
                    type="button"
                    className={styles.more}
                    aria-expanded={isOpen}
                    aria-label={isOpen ? t('chips.show_less') : t('chips.show_more', { count: hidden })}
                    onClick={() => toggle(kind)}
                  >
                    {isOpen ? '−' : `+${hidden}`}
                  </button>
                </li>
              )}
            </ul>
          </div>
        );
      })}
    </div>
  );
}

import { fillValues, GUIDE_ANCHOR_ALIASES, isGuideComparator, type GuideSectionId } from '@mirage/domain';
import { useTranslation } from 'react-i18next';
import { Comparator } from './Comparator.tsx';
import type { GuideSectionText } from './content.ts';
import { ResolutionTable } from './ResolutionTable.tsx';
import styles from './GuideView.module.css';

/** The other anchors that land on a section (/guide#modifiers on the boosters). */
const aliasesOf = (id: GuideSectionId) =>
  Object.entries(GUIDE_ANCHOR_ALIASES)
    .filter(([, section]) => section === id)
    .map(([alias]) => alias);

/** Which resolution table a section shows, if any (spec §9's table, and the sizes after upscale). */
const TABLES: Partial<Record<GuideSectionId, 'sizes' | 'upscaled'>> = {
  resolution: 'sizes',
  upscale: 'upscaled',
};

/** One section of the guide: its anchor, title and text, and its table or image comparator. */
export function GuideSection({
  id,
  text,
  values,
}: {
  id: GuideSectionId;
  text: GuideSectionText;
  values: Readonly<Record<string, string>>;
}) {
  const { t } = useTranslation('guide');
  const fill = (value: string) => fillValues(value, values);
  const table = TABLES[id];
  return (
    <section id={id} className={styles.section} aria-labelledby={`${id}-title`} data-testid="guide-section">
      {aliasesOf(id).map((alias) => (
        <span key={alias} id={alias} className={styles.alias} aria-hidden="true" />
      ))}
      <h3 id={`${id}-title`} className={styles.sectionTitle}>
        {text.title}
      </h3>
      {text.paragraphs.map((paragraph, index) => (
        <p key={index} className={styles.paragraph}>
          {fill(paragraph)}
        </p>
      ))}
      {text.list && (
        <ul className={styles.list}>
          {text.list.map((item, index) => (
            <li key={index}>{fill(item)}</li>
          ))}
        </ul>
      )}
      {text.example && (
        <p className={styles.example}>
          <span className={styles.exampleLabel}>{t('example')}</span>
          <code>{fill(text.example)}</code>
        </p>
      )}
      {table && <ResolutionTable kind={table} />}
      {isGuideComparator(id) && text.comparator && <Comparator id={id} label={fill(text.comparator)} />}
    </section>
  );
}

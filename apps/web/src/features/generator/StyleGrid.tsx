import { STYLE_PREVIEWS_IN_VIEW } from '@mirage/domain';
import { useTranslation } from 'react-i18next';
import { CheckIcon, LockIcon } from '../../ui/icons.tsx';
import { firstScreenDecoding } from '../../ui/useImageLoaded.ts';
import { useCatalogueText, type GraphicStyle } from '../catalogue/index.ts';
import styles from './StylePicker.module.css';

export interface StyleGridProps {
  /** The DOM id of the grid (focusStyles scrolls to it): unique per page, kept-alive pages included. */
  id: string;
  styles: readonly GraphicStyle[];
  selectedId: number | null;
  /** Shown with a lock: choosing it is still reported (the caller opens the plan modal). */
  isLocked: (style: GraphicStyle) => boolean;
  /** A style that cannot be chosen at all, with a short badge saying why (e.g. the image's own style). */
  unavailable?: (style: GraphicStyle) => string | null;
  onChoose: (style: GraphicStyle) => void;
  /** `${testIdPrefix}${style.id}` on each card. */
  testIdPrefix: string;
}

/**
 * The style cards (docs/product/generation.md#settings): preview, name, the "new" badge, a lock for styles
 * the plan does not include, and the chosen one checked. Shared by the generator's style picker and the
 * tweak studio's pickers.
 */
export function StyleGrid({
  id,
  styles: shown,
  selectedId,
  isLocked,
  unavailable,
  onChoose,
  testIdPrefix,
}: StyleGridProps) {
  const { t } = useTranslation('generator');
  const names = useCatalogueText();
  return (
    <div id={id} className={styles.grid} role="list">
      {shown.map((style, index) => {
        const locked = isLocked(style);
        const selected = selectedId === style.id;
        const blocked = unavailable?.(style) ?? null;
        const name = names.style(style.lib);
        // The accessible name is what the card shows, in its order (the "NEW" badge, why it cannot be picked,
        // then the name; WCAG 2.5.3), and the lock's meaning after it.
        const label = [style.is_new ? t('style.new') : null, blocked, name].filter(Boolean).join(' ');
        // The previews in view on the first screen load at once, first (they are the page's main image).
        const inView = index < STYLE_PREVIEWS_IN_VIEW;
        return (
          <div role="listitem" key={style.id} className={styles.item}>
            <button
              type="button"
              className={styles.card}
              aria-pressed={selected}
              aria-label={locked ? `${label} (${t('style.locked')})` : label}
              data-locked={locked}
              disabled={blocked !== null}
              onClick={() => onChoose(style)}
              data-testid={`${testIdPrefix}${style.id}`}
            >
              <img
                className={styles.preview}
                src={style.preview}
                alt=""
                width={256}
                height={352}
                loading={inView ? 'eager' : 'lazy'}
                fetchPriority={inView ? 'high' : 'auto'}
                decoding={firstScreenDecoding(inView)}
              />
              <span className={styles.shade} aria-hidden="true" />
              {/* A space between the badge and the name: the visible text reads "New Pastel anime", as the label. */}
              {style.is_new && <span className={styles.new}>{t('style.new')}</span>}{' '}
              {locked && (
                <span className={styles.lock} title={t('style.locked')}>
                  <LockIcon size={14} />
                </span>
              )}
              {selected && (
                <span className={styles.check} aria-hidden="true">
                  <CheckIcon size={14} />
                </span>
              )}
              {blocked && (
                <>
                  <span className={styles.blocked} aria-hidden="true">
                    {blocked}
                  </span>{' '}
                </>
              )}
              <span className={styles.name}>{name}</span>
            </button>
          </div>
        );
      })}
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { CheckIcon } from '../../ui/icons.tsx';
import { useCatalogueText, useStyles } from '../catalogue/index.ts';
import { isStyleChosen, onlyStyles, toggleStyle, type GallerySearch } from './searchState.ts';
import panel from './SearchPanel.module.css';
import styles from './StyleFilter.module.css';

export const STYLE_FILTER_ID = 'gallery-style-filter';

/**
 * The styles of the search, with previews (docs/product/gallery.md#in-the-web: at least one stays selected).
 */
export function StyleFilter({
  search,
  onChange,
}: {
  search: GallerySearch;
  onChange: (next: GallerySearch) => void;
}) {
  const { t } = useTranslation('gallery');
  const names = useCatalogueText();
  const query = useStyles();
  const offered = query.data ?? [];
  const ids = offered.map((style) => style.id);
  const chosenCount =
    search.styles.length === 0 ? ids.length : ids.filter((id) => search.styles.includes(id)).length;
  const all = search.styles.length === 0;

  return (
    <fieldset className={panel.group} id={STYLE_FILTER_ID} tabIndex={-1}>
      <legend className={panel.groupLegend}>
        {t('search.styles_label')}
        <span className={panel.groupAny} data-testid="filter-styles-count">
          {all ? t('search.styles_all') : t('search.styles_some', { count: chosenCount, total: ids.length })}
        </span>
      </legend>
      <p className={panel.fieldHint}>{t('search.styles_hint')}</p>
      {!all && (
        <button
          type="button"
          className={panel.linkButton}
          onClick={() => onChange(onlyStyles(search, []))}
          data-testid="filter-styles-all"
        >
          {t('search.styles_select_all')}
        </button>
      )}
      {query.isPending ? (
        <p className={panel.fieldHint}>{t('search.styles_loading')}</p>
      ) : (
        <div className={styles.styleGrid}>
          {offered.map((style) => {
            const chosen = isStyleChosen(search, style.id);
            const last = chosen && chosenCount <= 1;
            return (
              <button
                key={style.id}
                type="button"
                className={styles.styleOption}
                aria-pressed={chosen}
                aria-disabled={last || undefined}
                onClick={() => {
                  if (!last) onChange(toggleStyle(search, style.id, ids));
                }}
                data-testid={`filter-style-${style.id}`}
              >
                <img src={style.preview} alt="" width={256} height={352} loading="lazy" decoding="async" />
                <span className={styles.styleShade} aria-hidden="true" />
                {chosen && (
                  <span className={styles.styleCheck} aria-hidden="true">
                    <CheckIcon size={12} />
                  </span>
                )}
                <span className={styles.styleName}>{names.style(style.lib)}</span>
              </button>
            );
          })}
        </div>
      )}
    </fieldset>
  );
}

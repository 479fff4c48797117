import { RENDERS, STYLE_PREVIEWS_IN_VIEW, type Render } from '@mirage/domain';
import { useTranslation } from 'react-i18next';
import { CheckIcon, LockIcon } from '../../ui/icons.tsx';
import { Segmented } from '../../ui/Segmented.tsx';
import { useCatalogueText } from '../catalogue/index.ts';
import { useChosenStyle, useGenerator } from './GeneratorContext.ts';
import { STYLE_PICKER_ID } from './GeneratorProvider.tsx';
import { Section } from './Section.tsx';
import { firstScreenDecoding } from '../../ui/useImageLoaded.ts';
import styles from './StylePicker.module.css';

/**
 * docs/product/generation.md#settings: styles with previews, a render filter, txt2img styles only; Free users
 * see locks.
 */
export function StylePicker() {
  const { t } = useTranslation('generator');
  const names = useCatalogueText();
  const { styles: offered, render, setRender, chooseStyle, settings, capabilities } = useGenerator();
  const chosen = useChosenStyle();
  const shown = offered.filter((style) => style.render === render);

  return (
    <Section
      title={t('style.title')}
      aside={chosen ? <span className={styles.chosen}>{names.style(chosen.lib)}</span> : null}
    >
      <Segmented<Render>
        legend={t('style.render_filter')}
        hideLegend
        value={render}
        onChange={setRender}
        options={RENDERS.map((kind) => ({
          value: kind,
          label: t(kind === 'hentai' ? 'style.render_hentai' : 'style.render_realistic'),
          testId: `style-render-${kind}`,
        }))}
      />
      {!chosen && <p className={styles.hint}>{t('style.none')}</p>}
      <div id={STYLE_PICKER_ID} className={styles.grid} role="list">
        {shown.map((style, index) => {
          const locked = capabilities.freeStylesOnly && !style.is_free;
          const selected = settings.style_id === style.id;
          const name = names.style(style.lib);
          // The accessible name starts with what the card shows (the "NEW" badge, then the name; WCAG 2.5.3).
          const label = [style.is_new ? t('style.new') : null, name].filter(Boolean).join(' ');
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
                onClick={() => chooseStyle(style)}
                data-testid={`style-option-${style.id}`}
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
                <span className={styles.name}>{name}</span>
              </button>
            </div>
          );
        })}
      </div>
    </Section>
  );
}

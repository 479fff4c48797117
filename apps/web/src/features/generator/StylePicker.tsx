import { RENDERS, type Render } from '@mirage/domain';
import { useTranslation } from 'react-i18next';
import { Segmented } from '../../ui/Segmented.tsx';
import { useCatalogueText } from '../catalogue/index.ts';
import { useChosenStyle, useGenerator } from './GeneratorContext.ts';
import { STYLE_PICKER_ID } from './GeneratorProvider.tsx';
import { Section } from './Section.tsx';
import { StyleGrid } from './StyleGrid.tsx';
import styles from './StylePicker.module.css';

/**
 * docs/product/generation.md#settings: styles with previews, a render filter, txt2img styles only; Free users
 * see locks. `testIdPrefix` and `pickerId` let another page (the tweak studio) show it beside a kept-alive
 * generator without duplicate ids.
 */
export function StylePicker({
  testIdPrefix = '',
  pickerId = STYLE_PICKER_ID,
  description,
}: {
  testIdPrefix?: string;
  pickerId?: string;
  description?: string;
}) {
  const { t } = useTranslation('generator');
  const names = useCatalogueText();
  const { styles: offered, render, setRender, chooseStyle, settings, capabilities } = useGenerator();
  const chosen = useChosenStyle();
  const shown = offered.filter((style) => style.render === render);

  return (
    <Section
      title={t('style.title')}
      tour="styles"
      aside={chosen ? <span className={styles.chosen}>{names.style(chosen.lib)}</span> : null}
    >
      {description && <p className={styles.hint}>{description}</p>}
      <Segmented<Render>
        legend={t('style.render_filter')}
        hideLegend
        value={render}
        onChange={setRender}
        options={RENDERS.map((kind) => ({
          value: kind,
          label: t(kind === 'hentai' ? 'style.render_hentai' : 'style.render_realistic'),
          testId: `${testIdPrefix}style-render-${kind}`,
        }))}
      />
      {!chosen && <p className={styles.hint}>{t('style.none')}</p>}
      <StyleGrid
        id={pickerId}
        styles={shown}
        selectedId={settings.style_id}
        isLocked={(style) => capabilities.freeStylesOnly && !style.is_free}
        onChoose={chooseStyle}
        testIdPrefix={`${testIdPrefix}style-option-`}
      />
    </Section>
  );
}

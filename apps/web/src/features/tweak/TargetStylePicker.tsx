import { RENDERS, type Render } from '@mirage/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../ui/Alert.tsx';
import { Segmented } from '../../ui/Segmented.tsx';
import { useCatalogueText } from '../catalogue/index.ts';
import { Section, StyleGrid } from '../generator/index.ts';
import { useSource, useTweak } from './TweakContext.ts';
import styles from './Tweak.module.css';

/**
 * Style to Style's target (docs/product/generation.md#tweak): any style but the image's own, which shows
 * why it cannot be picked; a realistic render cannot be converted at all, and says so.
 */
export function TargetStylePicker() {
  const { t } = useTranslation('tweak');
  const { t: tGenerator } = useTranslation('generator');
  const names = useCatalogueText();
  const { allStyles, data, update } = useTweak();
  const source = useSource();
  const [render, setRender] = useState<Render>('hentai');
  const chosen = allStyles.find((style) => style.id === data.settings.targetStyleId);
  const realistic = source?.render === 'realistic';
  const own = allStyles.find((style) => style.id === source?.styleId);

  return (
    <Section
      title={t('convert.title')}
      aside={chosen ? <span className={styles.chosen}>{names.style(chosen.lib)}</span> : null}
      testId="tweak-convert"
    >
      <p className={styles.hint}>{t('convert.hint')}</p>
      {realistic ? (
        <Alert tone="info" testId="tweak-convert-realistic">
          {t('convert.realistic')}
        </Alert>
      ) : (
        <>
          {own && (
            <p className={styles.hint} data-testid="tweak-same-style-note">
              {t('convert.same_style_reason', { style: names.style(own.lib) })}
            </p>
          )}
          <Segmented<Render>
            legend={tGenerator('style.render_filter')}
            hideLegend
            value={render}
            onChange={setRender}
            options={RENDERS.map((kind) => ({
              value: kind,
              label: tGenerator(kind === 'hentai' ? 'style.render_hentai' : 'style.render_realistic'),
              testId: `tweak-target-render-${kind}`,
            }))}
          />
          <StyleGrid
            id="tweak-target-styles"
            styles={allStyles.filter((style) => style.render === render)}
            selectedId={data.settings.targetStyleId}
            isLocked={() => false}
            unavailable={(style) => (style.id === source?.styleId ? t('convert.same_style') : null)}
            onChoose={(style) => update({ targetStyleId: style.id })}
            testIdPrefix="tweak-target-style-"
          />
        </>
      )}
    </Section>
  );
}

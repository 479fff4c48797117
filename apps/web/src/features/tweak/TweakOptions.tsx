import { FAST_LANE_COST, INPAINT_STRENGTH_MAX, INPAINT_STRENGTH_MIN } from '@mirage/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Section, SeedField, ToggleRow } from '../generator/index.ts';
import { clampStrength } from './settings.ts';
import { useTweak } from './TweakContext.ts';
import styles from './Tweak.module.css';

/** The inpaint strength (docs/product/decisions.md#tweak): the denoise, 0.3 to 1, with what it means. */
function StrengthSlider() {
  const { t } = useTranslation('tweak');
  const { data, update } = useTweak();
  const id = useId();
  const hintId = useId();
  const value = data.settings.strength;
  return (
    <div className={styles.strength}>
      <div className={styles.strengthHead}>
        <label htmlFor={id} className={styles.fieldLabel}>
          {t('strength.label')}
        </label>
        <output htmlFor={id} className={styles.strengthValue} data-testid="tweak-strength-value">
          {value.toFixed(2)}
        </output>
      </div>
      <input
        id={id}
        type="range"
        className={styles.range}
        min={INPAINT_STRENGTH_MIN}
        max={INPAINT_STRENGTH_MAX}
        step={0.05}
        value={value}
        aria-describedby={hintId}
        aria-valuetext={value.toFixed(2)}
        onChange={(event) => update({ strength: clampStrength(Number(event.target.value)) })}
        data-testid="tweak-strength"
      />
      <div className={styles.rangeEnds} aria-hidden="true">
        <span>{t('strength.low')}</span>
        <span>{t('strength.high')}</span>
      </div>
      <p id={hintId} className={styles.hint}>
        {t('strength.hint')}
      </p>
    </div>
  );
}

/**
 * The tweak's settings: strength (inpaint), seed, face restore and less NSFW (inpaint), the watermark
 * (Free pays one ticket to remove it, premium removes it for free) and the fast lane. Upscale is not offered
 * in a tweak (docs/product/decisions.md#tweak: the viewer's exists); the quality is the source's.
 */
export function TweakOptions() {
  const { t } = useTranslation('tweak');
  const { t: tGenerator } = useTranslation('generator');
  const { data, update, mode, capabilities } = useTweak();
  const settings = data.settings;
  const inpaint = mode === 'inpaint';
  const removalCost = capabilities.watermarkRemovalCost;

  return (
    <Section title={t('options.title')} testId="tweak-options">
      {inpaint && <StrengthSlider />}
      <SeedField testIdPrefix="tweak-" />
      <div className={styles.toggles}>
        {inpaint && (
          <>
            <ToggleRow
              label={tGenerator('settings.face_restore')}
              hint={tGenerator('settings.face_restore_hint')}
              checked={settings.automatic_face_restore}
              onChange={(automatic_face_restore) => update({ automatic_face_restore })}
              testId="tweak-face-restore"
            />
            <ToggleRow
              label={tGenerator('settings.less_nsfw')}
              hint={tGenerator('settings.less_nsfw_hint')}
              checked={settings.less_nsfw}
              onChange={(less_nsfw) => update({ less_nsfw })}
              testId="tweak-less-nsfw"
            />
          </>
        )}
        <ToggleRow
          label={tGenerator('settings.watermark')}
          hint={
            removalCost > 0
              ? tGenerator('settings.watermark_hint_free')
              : tGenerator('settings.watermark_hint_paid')
          }
          cost={
            !settings.watermark && removalCost > 0
              ? tGenerator('settings.cost_extra', { count: removalCost })
              : null
          }
          checked={settings.watermark}
          onChange={(watermark) => update({ watermark })}
          testId="tweak-watermark"
        />
        <ToggleRow
          label={tGenerator('settings.fast_lane')}
          hint={tGenerator('settings.fast_lane_hint')}
          cost={tGenerator('settings.cost_extra', { count: FAST_LANE_COST })}
          checked={settings.fastLane}
          onChange={(fastLane) => update({ fastLane })}
          testId="tweak-fast-lane"
        />
      </div>
    </Section>
  );
}

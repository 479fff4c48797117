import {
  CREATIVITIES,
  FAST_LANE_COST,
  FORMATS,
  MULTI_GENERATION_MAX,
  PLANS,
  QUALITIES,
  QUALITY_COST,
  UPSCALE_COST,
  capabilitiesFor,
  disabledOptions,
  finalSize,
  minimumPlanForQuality,
  type Creativity,
  type Format,
  type Plan,
  type PlanCapabilities,
  type Quality,
} from '@mirage/domain';
import { useTranslation } from 'react-i18next';
import { Segmented } from '../../ui/Segmented.tsx';
import { useGenerator } from './GeneratorContext.ts';
import { Section } from './Section.tsx';
import { SeedField } from './SeedField.tsx';
import { ToggleRow } from './ToggleRow.tsx';
import styles from './SettingsPanel.module.css';

const PLAN_KEYS = ['settings.plan_free', 'settings.plan_basic', 'settings.plan_pro'] as const;

/** The lowest plan with a capability (for "Needs Pro" labels). */
function lowestPlan(rule: (capabilities: Readonly<PlanCapabilities>) => boolean): Plan {
  return PLANS.find((plan) => rule(capabilitiesFor(plan))) ?? 2;
}

const MULTI_COUNTS = Array.from({ length: MULTI_GENERATION_MAX }, (_, index) => String(index + 1));

/**
 * docs/product/generation.md#plan-forcing, docs/product/pricing-and-plans.md#plan-capabilities: quality,
 * format, creativity, seed, switches and multi-generation, with the plan's locks.
 */
export function SettingsPanel() {
  const { t } = useTranslation('generator');
  const { settings, update, plan, capabilities, openModal } = useGenerator();
  const off = disabledOptions(settings, plan);
  const planName = (value: Plan) => t(PLAN_KEYS[value]);
  const upgradeTo = (needed: Plan) => openModal({ type: 'pro-required', reason: 'option', plan: needed });
  const lockedUnless = (allowed: boolean, rule: (c: Readonly<PlanCapabilities>) => boolean) =>
    allowed ? null : planName(lowestPlan(rule));

  return (
    <Section title={t('settings.title')}>
      <Segmented<Quality>
        legend={t('settings.quality')}
        value={settings.quality}
        onChange={(quality) => update({ quality })}
        onLocked={(quality) => upgradeTo(minimumPlanForQuality(quality))}
        options={QUALITIES.map((quality) => {
          const locked = !capabilities.allowedQualities.includes(quality);
          const cost = QUALITY_COST[quality];
          return {
            value: quality,
            label: t(`settings.quality_${quality}`),
            detail: locked
              ? planName(minimumPlanForQuality(quality))
              : cost > 0
                ? t('settings.cost_extra', { count: cost })
                : null,
            locked,
            testId: `quality-${quality}`,
          };
        })}
      />
      <Segmented<Format>
        legend={t('settings.format')}
        value={settings.format}
        onChange={(format) => update({ format })}
        options={FORMATS.map((format) => ({
          value: format,
          label: t(`settings.format_${format}`),
          detail: t('settings.size', { ...finalSize(format, settings.quality) }),
          testId: `format-${format}`,
        }))}
      />
      <Segmented<Creativity>
        legend={t('settings.creativity')}
        value={settings.creativity}
        onChange={(creativity) => update({ creativity })}
        options={CREATIVITIES.map((creativity) => ({
          value: creativity,
          label: t(`settings.creativity_${creativity}`),
          testId: `creativity-${creativity}`,
        }))}
      />
      <SeedField />
      <div>
        <Segmented<string>
          legend={t('settings.multi')}
          value={String(settings.multiGeneration)}
          onChange={(count) => update({ multiGeneration: Number(count) })}
          onLocked={(count) => upgradeTo(lowestPlan((c) => c.multiGenerationMax >= Number(count)))}
          options={MULTI_COUNTS.map((count) => {
            const needed = lowestPlan((c) => c.multiGenerationMax >= Number(count));
            const locked = Number(count) > capabilities.multiGenerationMax;
            return {
              value: count,
              label: count,
              detail: locked ? planName(needed) : null,
              locked,
              disabled: !locked && settings.seedLock && count !== '1',
              testId: `multi-${count}`,
            };
          })}
        />
        {settings.seedLock && capabilities.multiGenerationMax > 1 && (
          <p className={styles.fieldHint} role="note">
            {t('settings.multi_needs_unlock')}
          </p>
        )}
      </div>
      <div className={styles.toggles}>
        <ToggleRow
          label={t('settings.upscale')}
          hint={off.upscale ? t('settings.eco_blocks') : t('settings.upscale_hint')}
          cost={t('settings.cost_extra', { count: UPSCALE_COST })}
          checked={settings.upscale}
          disabled={off.upscale}
          onChange={(upscale) => update({ upscale })}
          testId="option-upscale"
        />
        <ToggleRow
          label={t('settings.fast_lane')}
          hint={off.fastLane ? t('settings.eco_blocks') : t('settings.fast_lane_hint')}
          cost={t('settings.cost_extra', { count: FAST_LANE_COST })}
          checked={settings.fastLane}
          disabled={off.fastLane}
          onChange={(fastLane) => update({ fastLane })}
          testId="option-fast-lane"
        />
        <ToggleRow
          label={t('settings.eco')}
          hint={settings.fastLane ? t('settings.fast_lane_blocks') : t('settings.eco_hint')}
          checked={settings.slow_mode}
          disabled={capabilities.canUseEcoMode && off.slow_mode}
          lockedBy={lockedUnless(capabilities.canUseEcoMode, (c) => c.canUseEcoMode)}
          onChange={(slow_mode) => update({ slow_mode })}
          testId="option-eco"
        />
        <ToggleRow
          label={t('settings.watermark')}
          hint={
            capabilities.watermarkRemovalCost > 0
              ? t('settings.watermark_hint_free')
              : t('settings.watermark_hint_paid')
          }
          cost={
            !settings.watermark && capabilities.watermarkRemovalCost > 0
              ? t('settings.cost_extra', { count: capabilities.watermarkRemovalCost })
              : null
          }
          checked={settings.watermark}
          onChange={(watermark) => update({ watermark })}
          testId="option-watermark"
        />
        <ToggleRow
          label={t('settings.private')}
          hint={t('settings.private_hint')}
          checked={settings.private}
          lockedBy={lockedUnless(capabilities.canUsePrivate, (c) => c.canUsePrivate)}
          onChange={(value) => update({ private: value })}
          testId="option-private"
        />
        <ToggleRow
          label={t('settings.face_restore')}
          hint={t('settings.face_restore_hint')}
          checked={settings.automatic_face_restore}
          onChange={(automatic_face_restore) => update({ automatic_face_restore })}
          testId="option-face-restore"
        />
        <ToggleRow
          label={t('settings.less_nsfw')}
          hint={t('settings.less_nsfw_hint')}
          checked={settings.less_nsfw}
          onChange={(less_nsfw) => update({ less_nsfw })}
          testId="option-less-nsfw"
        />
      </div>
    </Section>
  );
}

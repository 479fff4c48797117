import { PLAN, type TweakMode } from '@mirage/domain';
import { useTranslation } from 'react-i18next';
import { Segmented } from '../../ui/Segmented.tsx';
import { MODES } from './settings.ts';
import { useTweak } from './TweakContext.ts';

/**
 * Inpaint / Style to Style (spec §2 Tweak page). Style to Style is Pro only
 * (docs/product/decisions.md#prices-and-plans): other plans see it locked, and choosing it opens the
 * Pro-required modal (the Pro-expired one for a lapsed Pro).
 */
export function ModeSwitch() {
  const { t } = useTranslation('tweak');
  const { mode, setMode, capabilities, user, openModal } = useTweak();
  const lapsedPro = user !== undefined && user.plan === PLAN.pro && !capabilities.canStyleConvert;
  return (
    <Segmented<TweakMode>
      legend={t('mode.label')}
      hideLegend
      value={mode}
      onChange={setMode}
      onLocked={() =>
        openModal(
          lapsedPro ? { type: 'pro-expired' } : { type: 'pro-required', reason: 'option', plan: PLAN.pro },
        )
      }
      options={MODES.map((value) => {
        const locked = value === 'style_convert' && !capabilities.canStyleConvert;
        return {
          value,
          label: t(value === 'inpaint' ? 'mode.inpaint' : 'mode.style_convert'),
          detail: locked
            ? t('mode.pro')
            : t(value === 'inpaint' ? 'mode.inpaint_detail' : 'mode.style_convert_detail'),
          locked,
          testId: value === 'inpaint' ? 'tweak-mode-inpaint' : 'tweak-mode-convert',
        };
      })}
    />
  );
}

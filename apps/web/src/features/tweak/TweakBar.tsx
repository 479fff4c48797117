import { capabilitiesFor } from '@mirage/domain';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { BoltIcon, SparkleIcon, TicketIcon } from '../../ui/icons.tsx';
import { cooldownSeconds, CostView } from '../generator/index.ts';
import { tweakBalance, type TweakBlock } from './tweakFlow.ts';
import { useTweak } from './TweakContext.ts';
import styles from './TweakBar.module.css';

const REASON_KEYS = {
  'no-image': 'reason.no_image',
  loading: 'reason.loading',
  'no-gen-data': 'reason.no_gen_data',
  updating: 'reason.updating',
  running: 'reason.running',
  cooldown: null,
  'pro-required': 'reason.pro_required',
  'realistic-source': 'reason.realistic_source',
  'no-target': 'reason.no_target',
  'same-style': 'reason.same_style',
} as const satisfies Record<TweakBlock, string | null>;

/** Premium users' daily energy (spec §2 Tweak page: energy bar), what is left of the plan's daily amount. */
function EnergyBar() {
  const { t } = useTranslation('tweak');
  const { user, plan } = useTweak();
  const max = capabilitiesFor(plan).dailyEnergy;
  if (!user || max <= 0) return null;
  const left = Math.max(0, Math.min(user.daily_token, max));
  return (
    <div className={styles.energy} data-testid="tweak-energy">
      <span className={styles.energyLabel}>
        <BoltIcon size={14} />
        {t('bar.energy')}
      </span>
      <div
        className={styles.energyTrack}
        role="meter"
        aria-label={t('bar.energy')}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={left}
        aria-valuetext={t('bar.energy_left', { left, max })}
      >
        <span style={{ width: `${(100 * left) / max}%` }} />
      </div>
      <span className={styles.energyValue}>
        {left}/{max}
      </span>
    </div>
  );
}

/**
 * The live cost (docs/product/decisions.md#tweak) and which balance pays, the energy bar, the tweak button
 * with why it is off (spec §4), and the "many failures" countdown.
 */
export function TweakBar() {
  const { t } = useTranslation('tweak');
  const { t: tGenerator } = useTranslation('generator');
  const { user, price, action, press, pending, cooldownUntil, now } = useTweak();
  const balance = user ? tweakBalance(user, price.total) : null;
  const buy = action.kind === 'buy';
  const blocked = action.kind === 'blocked' ? action.reason : null;
  const reasonKey = blocked ? REASON_KEYS[blocked] : null;

  return (
    <div className={styles.bar} data-testid="tweak-bar">
      <div data-testid="tweak-cost" className={styles.cost}>
        <CostView breakdown={price} user={user} balance={balance} testIdPrefix="tweak-" />
      </div>
      <EnergyBar />
      <Button
        variant="primary"
        size="lg"
        block
        onClick={() => void press()}
        disabled={blocked !== null}
        pending={pending}
        aria-describedby={reasonKey ? 'tweak-reason' : undefined}
        data-testid="tweak-submit"
        data-action={action.kind}
        data-reason={blocked ?? undefined}
      >
        {buy ? <TicketIcon size={20} /> : <SparkleIcon size={20} />}
        {buy ? tGenerator('create.buy') : t('bar.button')}
      </Button>
      {cooldownUntil !== null && (
        <p className={styles.cooldown} role="status" data-testid="tweak-cooldown">
          {t('bar.cooldown', { seconds: cooldownSeconds(cooldownUntil, now) })}
        </p>
      )}
      {reasonKey && (
        <p id="tweak-reason" className={styles.note} data-testid="tweak-reason">
          {t(reasonKey)}
        </p>
      )}
      {action.kind === 'empty-mask' && (
        <p className={styles.note} data-testid="tweak-reason">
          {t('reason.empty_mask')}
        </p>
      )}
    </div>
  );
}

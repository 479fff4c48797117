import { resetCountdown } from '@mirage/domain';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { ClockIcon, SparkleIcon, TicketIcon } from '../../ui/icons.tsx';
import { CostSummary } from './CostSummary.tsx';
import { cooldownSeconds, formatClock } from './createFlow.ts';
import { useGenerator } from './GeneratorContext.ts';
import { useClock } from './requestErrors.ts';
import { useCreate } from './useCreate.ts';
import styles from './CreateBar.module.css';

/**
 * docs/product/pricing-and-plans.md#daily-energy: time left until the daily reset at 00:00 UTC, hh:mm:ss,
 * ticking every second.
 */
function ResetCountdown() {
  const { t } = useTranslation('generator');
  const [now] = useClock(true, 1000);
  const clock = formatClock(resetCountdown(new Date(now)));
  return (
    <span className={styles.meta} title={t('create.reset_label', { time: clock })}>
      <ClockIcon size={16} />
      <span className="visually-hidden">{t('create.reset')}</span>
      <time className={styles.clock} data-testid="reset-countdown">
        {clock}
      </time>
    </span>
  );
}

/**
 * The cost, the create button (flow 1-6 of docs/product/generation.md#create-button), running/maxTask and the
 * daily reset countdown.
 */
export function CreateBar() {
  const { t } = useTranslation('generator');
  const { capabilities, signedIn } = useGenerator();
  const { action, press, pending, running, cooldownUntil, now } = useCreate();
  const max = capabilities.maxConcurrentTasks;
  const buy = action.kind === 'buy';
  const count = action.kind === 'generate' ? action.count : 1;

  return (
    <div className={styles.bar}>
      <CostSummary />
      <Button
        variant="primary"
        size="lg"
        block
        onClick={() => void press()}
        disabled={action.kind === 'wait'}
        pending={pending}
        data-testid="create-button"
        data-tour="create"
        data-action={action.kind}
      >
        {buy ? <TicketIcon size={20} /> : <SparkleIcon size={20} />}
        {buy ? t('create.buy') : count > 1 ? t('create.button_multiple', { count }) : t('create.button')}
      </Button>
      {cooldownUntil !== null && (
        <p className={styles.cooldown} role="status" data-testid="create-cooldown">
          {t('create.cooldown', { seconds: cooldownSeconds(cooldownUntil, now) })}
        </p>
      )}
      {action.kind === 'wait' && action.reason === 'limit' && (
        <p className={styles.note}>{t('create.limit', { max })}</p>
      )}
      {signedIn && (
        <div className={styles.metaRow}>
          <span
            className={styles.meta}
            title={t('create.running_label', { running, max })}
            data-testid="running-counter"
          >
            <span className={styles.dot} data-active={running > 0} aria-hidden="true" />
            {t('create.running')}{' '}
            <strong className={styles.clock}>
              {running}/{max}
            </strong>
          </span>
          <ResetCountdown />
        </div>
      )}
    </div>
  );
}

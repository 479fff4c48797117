import type { UserSettings } from '@mirage/contract';
import { costBreakdown, type BalanceField, type CostBreakdown } from '@mirage/domain';
import { useTranslation } from 'react-i18next';
import { BoltIcon, TicketIcon } from '../../ui/icons.tsx';
import { payingBalance } from './createFlow.ts';
import { useGenerator } from './GeneratorContext.ts';
import styles from './CreateBar.module.css';

export interface CostViewProps {
  breakdown: CostBreakdown;
  /** Images the press makes (the total is the breakdown's times this). */
  count?: number;
  /** Undefined for a guest. */
  user: UserSettings | undefined;
  /** The balance that pays one image, or null when neither suffices. */
  balance: BalanceField | null;
  /** `${testIdPrefix}cost-total` and `${testIdPrefix}cost-lines`. */
  testIdPrefix?: string;
}

/**
 * docs/product/pricing-and-plans.md#prices: cost lines and total, and which balance pays (energy first for
 * premium, docs/product/pricing-and-plans.md#which-balance-pays). Shared by the generator and the tweak studio.
 */
export function CostView({ breakdown, count = 1, user, balance, testIdPrefix = '' }: CostViewProps) {
  const { t } = useTranslation('generator');
  const total = breakdown.total * count;
  const lines = breakdown.lines.filter((line) => line.cost > 0);

  return (
    <div className={styles.cost} aria-label={t('cost.title')} role="group">
      <div className={styles.costTotal}>
        {balance === 'daily_token' ? <BoltIcon size={18} /> : <TicketIcon size={18} />}
        <span className={styles.costNumber} data-testid={`${testIdPrefix}cost-total`}>
          {total}
        </span>
        <span className={styles.costUnit}>
          {balance === 'daily_token' ? t('cost.unit_energy') : t('cost.unit_tickets', { count: total })}
        </span>
      </div>
      <ul className={styles.costLines} data-testid={`${testIdPrefix}cost-lines`}>
        {breakdown.eco && <li>{t('cost.eco')}</li>}
        {lines.map((line) => (
          <li key={line.item}>
            {t(`cost.${line.item}`)} <span className={styles.costValue}>{line.cost}</span>
          </li>
        ))}
        {count > 1 && <li>{t('cost.times', { count })}</li>}
      </ul>
      <p className={styles.costPayer}>
        {!user
          ? t('cost.guest')
          : balance === 'daily_token'
            ? t('cost.pays_energy', { count: user.daily_token })
            : balance === 'generation_token'
              ? t('cost.pays_tickets', { count: user.generation_token })
              : t('cost.pays_none')}
      </p>
    </div>
  );
}

/** The generator's live cost: its settings priced for the user's plan, times the images a press makes. */
export function CostSummary() {
  const { settings, plan, user } = useGenerator();
  const breakdown = costBreakdown(settings, plan);
  const balance = user ? payingBalance(user, breakdown.total) : null;
  return <CostView breakdown={breakdown} count={settings.multiGeneration} user={user} balance={balance} />;
}

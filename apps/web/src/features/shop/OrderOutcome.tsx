import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../ui/Alert.tsx';
import { CloseIcon } from '../../ui/icons.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { ME_QUERY_KEY, useSession } from '../session/index.ts';
import { orderOutcome, pendingPollDelay, type OrderOutcome as Outcome } from './outcome.ts';
import { PAYMENTS_KEY, useOrder } from './queries.ts';
import styles from './Shop.module.css';

/**
 * The buyer back from a checkout (/tickets?order={id}): what became of the order, read from the purchase
 * history; a pending order is read again a few times, backing off, until its notification settles it.
 */
export function OrderOutcome({
  orderId,
  cancelled,
  onDismiss,
}: {
  orderId: string;
  cancelled: boolean;
  onDismiss: () => void;
}) {
  const { t, i18n } = useTranslation('shop');
  const queryClient = useQueryClient();
  const { user } = useSession();
  const { query: order, readings } = useOrder(orderId);
  const status = order.data?.status;

  // Settled: the balances and the history have changed (the live `balance` event says so too).
  useEffect(() => {
    if (status === undefined || status === 'PENDING') return;
    void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: [...PAYMENTS_KEY, 'page'] });
  }, [status, queryClient]);

  // Nothing to say until the history answers (or if it cannot: the history dialog can still be opened).
  if (order.isPending || order.isError) return null;

  const polling = pendingPollDelay(readings) !== false;
  const outcome = orderOutcome(order.data, { cancelled, polling });
  const tone =
    outcome.kind === 'tickets' || outcome.kind === 'plan' ? 'success' : isBad(outcome) ? 'error' : 'info';

  const text = outcomeText(t, i18n.language, outcome, user?.pro_expire ?? null);

  return (
    <div className={styles.outcome} data-testid="order-outcome" data-outcome={outcome.kind}>
      <Alert tone={tone} className={styles.outcomeAlert}>
        <span className={styles.outcomeText}>
          {outcome.kind === 'pending' && <Spinner size={16} />}
          {text}
        </span>
      </Alert>
      <button
        type="button"
        className={styles.outcomeClose}
        onClick={onDismiss}
        aria-label={t('outcome.dismiss')}
      >
        <CloseIcon size={18} />
      </button>
    </div>
  );
}

/** The sentence of an outcome; a plan's names its end (the refreshed user's pro_expire) once known. */
function outcomeText(
  t: TFunction<'shop'>,
  language: string,
  outcome: Outcome,
  proExpire: string | null,
): string {
  if (outcome.kind === 'tickets') return t('outcome.tickets', { count: outcome.tickets });
  if (outcome.kind === 'plan') {
    const plan = t(`plans.names.${outcome.plan}`);
    if (!proExpire) return t('outcome.planNow', { plan });
    const date = new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(new Date(proExpire));
    return t('outcome.plan', { plan, date });
  }
  return t(`outcome.${outcome.kind}`);
}

function isBad(outcome: Outcome): boolean {
  return outcome.kind === 'declined' || outcome.kind === 'notFound';
}

import { isUuid } from '@mirage/domain';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../ui/Alert.tsx';
import { Button, ButtonLink } from '../../ui/Button.tsx';
import { PageLayout } from '../../ui/PageLayout.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { errorCode, useErrorText } from '../api/index.ts';
import { PageMeta } from '../meta/index.ts';
import { decideSandboxPayment } from './api.ts';
import { formatMoney } from './money.ts';
import { useOrder } from './queries.ts';
import { useProductName } from './useProductName.ts';
import styles from './Sandbox.module.css';

const STATUSES = ['SUCCESS', 'PENDING', 'FAILURE', 'PROCESSED'] as const;

/**
 * The sandbox provider's checkout (/payment/sandbox/{orderId}; docs/product/commerce.md#providers): a page of
 * ours, clearly a test, where the buyer approves or declines their own order; the server then settles it
 * through the same signed notification a real provider sends, and the buyer goes back to the shop.
 */
export function SandboxCheckout({ orderId }: { orderId: string }) {
  const { t, i18n } = useTranslation('shop');
  const navigate = useNavigate();
  const errorText = useErrorText();
  const productName = useProductName();
  const valid = isUuid(orderId);
  const { query: order } = useOrder(valid ? orderId : null, false);
  const decide = useMutation({
    mutationFn: (approve: boolean) => decideSandboxPayment(orderId, approve),
    onSuccess: () => void navigate(`/tickets?order=${encodeURIComponent(orderId)}`, { replace: true }),
  });

  let body;
  if (valid && order.isPending) {
    body = (
      <div className={styles.centre}>
        <Spinner size={32} label={t('sandbox.loading')} />
      </div>
    );
  } else if (valid && order.isError) {
    body = (
      <div className={styles.centre}>
        <Alert>{errorText(errorCode(order.error))}</Alert>
        <Button variant="secondary" onClick={() => void order.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  } else if (!valid || !order.data || order.data.provider !== 'sandbox') {
    body = (
      <div className={styles.card} data-testid="sandbox-not-found">
        <h2 className={styles.heading}>{t('sandbox.notFoundTitle')}</h2>
        <p className={styles.muted}>{t('sandbox.notFound')}</p>
        <ButtonLink to="/tickets" variant="secondary">
          {t('sandbox.backToShop')}
        </ButtonLink>
      </div>
    );
  } else {
    const item = order.data;
    const status = (STATUSES as readonly string[]).includes(item.status)
      ? t(`history.statuses.${item.status as (typeof STATUSES)[number]}`)
      : item.status;
    body = (
      <div className={styles.card} data-testid="sandbox-order" data-status={item.status}>
        <span className={styles.badge}>{t('sandbox.badge')}</span>
        <dl className={styles.details}>
          <div>
            <dt>{t('sandbox.product')}</dt>
            <dd data-testid="sandbox-product">{productName(item.product)}</dd>
          </div>
          <div>
            <dt>{t('sandbox.amount')}</dt>
            <dd className={styles.amount} data-testid="sandbox-amount">
              {formatMoney(item.amount_cents, item.currency, i18n.language)}
            </dd>
          </div>
          <div>
            <dt>{t('sandbox.order')}</dt>
            <dd className={styles.orderId}>{item.id}</dd>
          </div>
        </dl>
        {decide.isError && <Alert>{errorText(errorCode(decide.error))}</Alert>}
        {item.status === 'PENDING' ? (
          <div className={styles.actions}>
            <Button
              variant="primary"
              size="lg"
              pending={decide.isPending && decide.variables}
              disabled={decide.isPending}
              onClick={() => decide.mutate(true)}
              data-testid="sandbox-approve"
            >
              {t('sandbox.approve')}
            </Button>
            <Button
              variant="outline"
              size="lg"
              pending={decide.isPending && !decide.variables}
              disabled={decide.isPending}
              onClick={() => decide.mutate(false)}
              data-testid="sandbox-decline"
            >
              {t('sandbox.decline')}
            </Button>
          </div>
        ) : (
          <>
            <p className={styles.muted}>{t('sandbox.decided', { status })}</p>
            <Link to={`/tickets?order=${encodeURIComponent(item.id)}`}>{t('sandbox.backToShop')}</Link>
          </>
        )}
      </div>
    );
  }

  return (
    <PageLayout title={t('sandbox.title')} subtitle={t('sandbox.subtitle')} width="narrow">
      <PageMeta title={t('sandbox.title')} noindex />
      {body}
    </PageLayout>
  );
}

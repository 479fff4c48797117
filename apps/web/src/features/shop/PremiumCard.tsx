import { PLAN, PLAN_NAMES, wholeDays, type Plan } from '@mirage/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { buttonClass, ButtonLink } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { ExternalIcon, StarIcon } from '../../ui/icons.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { fetchSubscription } from './api.ts';
import styles from './RedeemCard.module.css';

export const SUBSCRIPTION_KEY = ['payments', 'subscription'] as const;

/**
 * The premium renewal card of /settings (spec §2 Settings; docs/product/commerce.md#subscriptions): the plan
 * running now and its end, whether it renews by itself, a way to add a month (the shop) and, for a card
 * subscription, the provider's page where renewals are stopped (CCBill handles its subscribers' cancellations).
 */
export function PremiumCard() {
  const { t, i18n } = useTranslation('shop');
  const subscription = useQuery({
    queryKey: SUBSCRIPTION_KEY,
    queryFn: ({ signal }) => fetchSubscription(signal),
  });
  const data = subscription.data;
  const planName = data ? t(`plans.names.${PLAN_NAMES[data.plan as Plan] ?? 'free'}`) : '';
  const expiry = data?.pro_expire ? new Date(data.pro_expire) : null;
  // Days left are counted from when the plan was read (refetched on each visit), not re-read each render.

  return (
    <Card
      title={t('premium.title')}
      description={t('premium.description')}
      icon={<StarIcon />}
      testId="premium-card"
    >
      {!data ? (
        subscription.isError ? null : (
          <Spinner size={20} />
        )
      ) : (
        <div className={styles.form} data-plan={data.plan}>
          {data.plan === PLAN.free ? (
            <p>{t('premium.free')}</p>
          ) : (
            <>
              <p data-testid="premium-status">
                <strong>
                  {expiry
                    ? t('premium.until', {
                        plan: planName,
                        date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(expiry),
                      })
                    : t('premium.noExpiry', { plan: planName })}
                </strong>
                {expiry && (
                  <>
                    {' · '}
                    {t('premium.daysLeft', {
                      count: wholeDays(expiry.getTime() - subscription.dataUpdatedAt),
                    })}
                  </>
                )}
              </p>
              <p>{data.renews ? t('premium.renews') : t('premium.oneOff')}</p>
            </>
          )}
          <div className={styles.actions}>
            <ButtonLink to="/tickets" variant="primary" data-testid="premium-renew">
              {data.plan === PLAN.free ? t('premium.upgrade') : t('premium.renew')}
            </ButtonLink>
            {data.manage_url && (
              <a
                className={buttonClass({ variant: 'outline' })}
                href={data.manage_url}
                target="_blank"
                rel="noopener noreferrer"
                title={t('premium.manageHint')}
                data-testid="premium-manage"
              >
                {t('premium.manage')}
                <ExternalIcon size={16} />
              </a>
            )}
          </div>
        </div>
      )}
    </Card>
  );
}

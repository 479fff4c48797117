import { PLAN, PLAN_NAMES, type Plan } from '@mirage/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../ui/Button.tsx';
import { BoltIcon, CheckIcon, ImageIcon } from '../../ui/icons.tsx';
import { formatMoney, planFeatures, readCurrency, useShop } from '../shop/index.ts';
import styles from './PromoPlans.module.css';

/** The paid plans the promo header shows, in the shop's order. */
const PROMO_PLANS: readonly Plan[] = [PLAN.basic, PLAN.pro];

function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages.length > 0 ? navigator.languages : [navigator.language];
}

/**
 * The Basic and Pro cards of the promo header (spec §2 "Promo pages"): the shop's own prices (GET /api/shop)
 * in the currency the shop would show this browser, the daily energy and images, and what each plan may
 * do. The pages are for visitors, so each card leads to sign-up; the shop compares all plans.
 */
export function PromoPlans() {
  const { t, i18n } = useTranslation('shop');
  const { t: tp } = useTranslation('promo');
  const shop = useShop();
  const [currency] = useState(() => readCurrency(browserLanguages()));
  const offers = shop.data?.plans ?? [];

  return (
    <div className={styles.planBlock}>
      <ul className={styles.plans} data-testid="promo-plans" aria-busy={shop.isPending}>
        {PROMO_PLANS.map((plan) => {
          const offer = offers.find((candidate) => candidate.plan === plan);
          const name = t(`plans.names.${PLAN_NAMES[plan]}`);
          const price = offer ? (offer.price_cents[currency] ?? null) : null;
          const base = offer ? (offer.base_price_cents[currency] ?? null) : null;
          return (
            <li
              key={plan}
              className={styles.plan}
              data-testid="promo-plan"
              data-plan={PLAN_NAMES[plan]}
              data-featured={plan === PLAN.pro}
            >
              <h3 className={styles.planName}>{name}</h3>
              <p className={styles.planPrice}>
                {price === null ? (
                  <span className={styles.priceSkeleton} aria-hidden="true" />
                ) : (
                  <>
                    <span className={styles.amount} data-testid="promo-plan-price">
                      {formatMoney(price, currency, i18n.language)}
                    </span>
                    <span className={styles.per}>{t('plans.perMonth')}</span>
                    {base !== null && base > price && (
                      <>
                        <span className="visually-hidden">
                          {t('plans.basePrice', { price: formatMoney(base, currency, i18n.language) })}
                        </span>
                        <s className={styles.basePrice} aria-hidden="true">
                          {formatMoney(base, currency, i18n.language)}
                        </s>
                      </>
                    )}
                  </>
                )}
              </p>
              {offer && (
                <ul className={styles.planLines}>
                  <li>
                    <BoltIcon size={16} className={styles.energy} />
                    {t('plans.energy', { count: offer.energy })}
                  </li>
                  <li>
                    <ImageIcon size={16} className={styles.lineIcon} />
                    {t('plans.imagesPerDay', { count: offer.images_per_day })}
                  </li>
                  {planFeatures(plan)
                    .filter((feature) => feature.included)
                    .slice(0, 4)
                    .map((feature) => (
                      <li key={feature.key}>
                        <CheckIcon size={16} className={styles.lineIcon} />
                        {t(`plans.features.${feature.key}`, { count: feature.count })}
                      </li>
                    ))}
                </ul>
              )}
              <ButtonLink
                to="/account/signup"
                variant={plan === PLAN.pro ? 'primary' : 'secondary'}
                block
                data-testid="promo-plan-action"
              >
                {t('plans.buy', { plan: name })}
              </ButtonLink>
            </li>
          );
        })}
      </ul>
      <ButtonLink to="/tickets" variant="ghost" size="sm" className={styles.compare}>
        {tp('compare')}
      </ButtonLink>
    </div>
  );
}

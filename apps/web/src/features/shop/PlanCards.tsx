import {
  FREE_OFFER,
  PLAN,
  PLAN_CAPABILITIES,
  PLAN_NAMES,
  type MoneyCurrency,
  type Plan,
} from '@mirage/domain';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '../../ui/Button.tsx';
import { BoltIcon, CheckIcon, CloseIcon, ImageIcon } from '../../ui/icons.tsx';
import type { PlanOfferView } from './api.ts';
import { formatMoney } from './money.ts';
import { planCardState, planFeatures, type PlanAccount } from './products.ts';
import styles from './Shop.module.css';

interface PlanCardsProps {
  offers: readonly PlanOfferView[];
  currency: MoneyCurrency;
  account: PlanAccount | undefined;
  delays: number[] | null;
  pendingProduct: string | null;
  onBuy: (product: string) => void;
}

/** Free, Basic and Pro side by side: price a month, daily energy and images, what each plan may do. */
export function PlanCards({ offers, currency, account, delays, pendingProduct, onBuy }: PlanCardsProps) {
  const { t, i18n } = useTranslation('shop');
  const plans: Plan[] = [PLAN.free, PLAN.basic, PLAN.pro];
  const dateFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' });

  return (
    <section aria-labelledby="shop-plans-title">
      <h2 id="shop-plans-title" className="visually-hidden">
        {t('plans.heading')}
      </h2>
      <ul className={`${styles.grid} ${styles.planGrid}`} data-testid="plan-cards">
        {plans.map((plan, index) => {
          const offer = offers.find((candidate) => candidate.plan === plan);
          if (plan !== PLAN.free && !offer) return null;
          const name = t(`plans.names.${PLAN_NAMES[plan]}`);
          const state = planCardState(plan, account);
          const price = formatMoney(
            offer?.price_cents[currency] ?? FREE_OFFER.priceCents,
            currency,
            i18n.language,
          );
          const basePrice = offer
            ? formatMoney(offer.base_price_cents[currency] ?? 0, currency, i18n.language)
            : null;
          const energy = offer?.energy ?? PLAN_CAPABILITIES[plan].dailyEnergy;
          const images = offer?.images_per_day ?? FREE_OFFER.imagesPerDay;
          const delay = delays?.[index];
          const pending = offer !== undefined && pendingProduct === offer.id;
          return (
            <li
              key={plan}
              className={styles.card}
              data-testid="plan-card"
              data-plan={PLAN_NAMES[plan]}
              data-current={state.current}
              data-featured={plan === PLAN.pro}
              data-enter={delay !== undefined}
              style={delay !== undefined ? ({ '--enter-delay': `${delay}ms` } as CSSProperties) : undefined}
            >
              <div className={styles.cardTop}>
                <h3 className={styles.planName}>{name}</h3>
                {state.current && (
                  <span className={styles.current} data-testid="plan-current">
                    {t('plans.yourPlan')}
                  </span>
                )}
              </div>
              <p className={styles.price}>
                <span className={styles.amount}>{price}</span>
                <span className={styles.per}>{t('plans.perMonth')}</span>
                {basePrice && (
                  <>
                    <span className="visually-hidden">{t('plans.basePrice', { price: basePrice })}</span>
                    <s className={styles.basePrice} aria-hidden="true">
                      {basePrice}
                    </s>
                  </>
                )}
              </p>
              {state.expiry && (
                <p className={styles.expiry} data-testid="plan-expiry">
                  {t('plans.until', { date: dateFormat.format(new Date(state.expiry)) })}
                </p>
              )}
              <ul className={styles.stats}>
                <li>
                  <BoltIcon size={16} className={styles.energyIcon} />
                  {energy > 0 ? t('plans.energy', { count: energy }) : t('plans.noEnergy')}
                </li>
                <li>
                  <ImageIcon size={16} className={styles.imageIcon} />
                  {plan === PLAN.free
                    ? t('plans.freeImages', { count: images })
                    : t('plans.imagesPerDay', { count: images })}
                </li>
              </ul>
              <ul className={styles.features}>
                {planFeatures(plan).map((feature) => (
                  <li key={feature.key} data-included={feature.included}>
                    {feature.included ? <CheckIcon size={16} /> : <CloseIcon size={16} />}
                    {!feature.included && <span className="visually-hidden">{t('plans.notIncluded')}: </span>}
                    {t(`plans.features.${feature.key}`, { count: feature.count })}
                  </li>
                ))}
              </ul>
              <div className={styles.action}>
                {state.action === 'signup' && (
                  <ButtonLink to="/account/signup" variant="secondary" block data-testid="plan-action">
                    {t('plans.signUp')}
                  </ButtonLink>
                )}
                {state.action === 'create' && (
                  <ButtonLink to="/create" variant="secondary" block data-testid="plan-action">
                    {t('plans.create')}
                  </ButtonLink>
                )}
                {offer &&
                  state.action !== 'none' &&
                  state.action !== 'signup' &&
                  state.action !== 'create' && (
                    <Button
                      variant={plan === PLAN.pro ? 'primary' : 'secondary'}
                      block
                      pending={pending}
                      disabled={state.action === 'disabled' || (pendingProduct !== null && !pending)}
                      onClick={() => onBuy(offer.id)}
                      data-testid="plan-action"
                      aria-describedby={state.action === 'disabled' ? `plan-note-${plan}` : undefined}
                    >
                      {state.action === 'extend'
                        ? t('plans.extend')
                        : state.action === 'upgrade'
                          ? t('plans.upgrade')
                          : t('plans.buy', { plan: name })}
                    </Button>
                  )}
                {state.action === 'disabled' && (
                  <p id={`plan-note-${plan}`} className={styles.note}>
                    {t('plans.includedInPro')}
                  </p>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

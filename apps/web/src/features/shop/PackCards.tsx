import type { MoneyCurrency } from '@mirage/domain';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { TicketIcon } from '../../ui/icons.tsx';
import type { Pack } from './api.ts';
import { formatMoney } from './money.ts';
import styles from './Shop.module.css';

interface PackCardsProps {
  packs: readonly Pack[];
  currency: MoneyCurrency;
  delays: number[] | null;
  pendingProduct: string | null;
  onBuy: (product: string) => void;
}

/** The ticket packs: tickets, bonus, price, and their badges (trial, best deal, the bonus's discount). */
export function PackCards({ packs, currency, delays, pendingProduct, onBuy }: PackCardsProps) {
  const { t, i18n } = useTranslation('shop');
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <section aria-labelledby="shop-packs-title">
      <h2 id="shop-packs-title" className="visually-hidden">
        {t('packs.heading')}
      </h2>
      <ul className={`${styles.grid} ${styles.packGrid}`} data-testid="pack-cards">
        {packs.map((pack, index) => {
          const price = formatMoney(pack.price_cents[currency] ?? 0, currency, i18n.language);
          const delay = delays?.[index];
          const pending = pendingProduct === pack.id;
          return (
            <li
              key={pack.id}
              className={styles.card}
              data-testid="pack-card"
              data-product={pack.id}
              data-featured={pack.best}
              data-enter={delay !== undefined}
              style={delay !== undefined ? ({ '--enter-delay': `${delay}ms` } as CSSProperties) : undefined}
            >
              <div className={styles.badges}>
                {pack.trial && <span className={styles.badge}>{t('packs.trial')}</span>}
                {pack.best && (
                  <span className={`${styles.badge} ${styles.bestBadge}`}>{t('packs.best')}</span>
                )}
                {pack.discount_percent > 0 && (
                  <span className={`${styles.badge} ${styles.discountBadge}`} data-testid="pack-discount">
                    {t('packs.discount', { percent: pack.discount_percent })}
                  </span>
                )}
              </div>
              <h3 className={styles.packTitle}>
                <TicketIcon size={22} className={styles.ticketIcon} />
                <span className={styles.packCount}>{number.format(pack.tickets)}</span>{' '}
                <span className={styles.packUnit}>{t('packs.tickets', { count: pack.tickets })}</span>
              </h3>
              <p className={pack.bonus > 0 ? styles.bonus : styles.noBonus}>
                {pack.bonus > 0 ? t('packs.bonus', { count: pack.bonus }) : t('packs.noBonus')}
              </p>
              <p className={styles.packPrice}>{price}</p>
              <div className={styles.action}>
                <Button
                  variant={pack.best ? 'primary' : 'secondary'}
                  block
                  pending={pending}
                  disabled={pendingProduct !== null && !pending}
                  onClick={() => onBuy(pack.id)}
                  aria-label={t('packs.buyLabel', {
                    product: t('product.pack', { count: pack.tickets }),
                    price,
                  })}
                  data-testid="pack-buy"
                >
                  {t('packs.buy')}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

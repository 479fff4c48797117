import type { MoneyCurrency } from '@mirage/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { ClockIcon } from '../../ui/icons.tsx';
import { PageLayout } from '../../ui/PageLayout.tsx';
import { Segmented } from '../../ui/Segmented.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { NARROW_SCREEN, useMediaQuery } from '../../ui/useMediaQuery.ts';
import { PageMeta } from '../meta/index.ts';
import { useSession } from '../session/index.ts';
import { CryptoConfirmDialog } from './CryptoConfirmDialog.tsx';
import { Faq } from './Faq.tsx';
import { HistoryDialog } from './HistoryDialog.tsx';
import { formatMoney, readCurrency, writeCurrency } from './money.ts';
import { OrderOutcome } from './OrderOutcome.tsx';
import { PackCards } from './PackCards.tsx';
import { PaymentMethodDialog } from './PaymentMethodDialog.tsx';
import { PlanCards } from './PlanCards.tsx';
import { RedeemCard } from './RedeemCard.tsx';
import { useShop } from './queries.ts';
import { staggerDelays } from './stagger.ts';
import { useCheckout } from './useCheckout.ts';
import { useProductName } from './useProductName.ts';
import { VerifyFirstDialog } from './VerifyFirstDialog.tsx';
import styles from './Shop.module.css';

type Tab = 'upgrade' | 'tickets';

function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages.length > 0 ? navigator.languages : [navigator.language];
}

/**
 * /tickets (docs/product/routes.md, Shop): Upgrade (the plans) or Tickets (the packs), kept in the address
 * (?tab=tickets), prices in USD or EUR, buying through the checkout, the outcome of an order the buyer comes
 * back from (?order=), the purchase history, and the FAQ.
 */
export function ShopView() {
  const { t, i18n } = useTranslation('shop');
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'tickets' ? 'tickets' : 'upgrade';
  const orderId = params.get('order');
  const { signedIn, user } = useSession();
  const shop = useShop();
  const [currency, setCurrency] = useState<MoneyCurrency>(() => readCurrency(browserLanguages()));
  const checkout = useCheckout(currency, shop.data?.providers ?? []);
  const productName = useProductName();
  const [historyOpen, setHistoryOpen] = useState(false);
  const phone = useMediaQuery(NARROW_SCREEN);
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');

  const changeParams = (change: (next: URLSearchParams) => void) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        change(next);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  const chooseTab = (value: Tab) =>
    changeParams((next) => (value === 'tickets' ? next.set('tab', 'tickets') : next.delete('tab')));
  const chooseCurrency = (value: MoneyCurrency) => {
    setCurrency(value);
    writeCurrency(value);
  };

  const count = tab === 'upgrade' ? 3 : (shop.data?.packs.length ?? 0);
  const delays = staggerDelays(count, !phone && !reducedMotion);
  const choosing = checkout.choosing;
  const choosingPrice = choosing ? priceOf(shop.data, choosing, currency) : null;
  const cryptoPrice = checkout.confirmingCrypto
    ? priceOf(shop.data, checkout.confirmingCrypto, currency)
    : null;

  let offers;
  if (shop.isPending) {
    offers = (
      <div className={styles.loading}>
        <Spinner size={32} label={t('title')} />
      </div>
    );
  } else if (shop.isError) {
    offers = (
      <div className={styles.loading}>
        <Alert>{t('loadFailed')}</Alert>
        <Button variant="secondary" onClick={() => void shop.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  } else if (tab === 'upgrade') {
    offers = (
      <PlanCards
        key="plans"
        offers={shop.data.plans}
        currency={currency}
        account={user}
        delays={delays}
        pendingProduct={checkout.pendingProduct}
        onBuy={checkout.buy}
      />
    );
  } else {
    offers = (
      <PackCards
        key="packs"
        packs={shop.data.packs}
        currency={currency}
        delays={delays}
        pendingProduct={checkout.pendingProduct}
        onBuy={checkout.buy}
      />
    );
  }

  return (
    <PageLayout title={t('title')} subtitle={t('subtitle')}>
      <PageMeta title={t('title')} />
      {orderId && signedIn && (
        <OrderOutcome
          key={orderId}
          orderId={orderId}
          cancelled={params.get('cancelled') === '1'}
          onDismiss={() =>
            changeParams((next) => {
              next.delete('order');
              next.delete('cancelled');
            })
          }
        />
      )}
      <div className={styles.toolbar}>
        <Segmented<Tab>
          legend={t('tabs.legend')}
          hideLegend
          value={tab}
          onChange={chooseTab}
          className={styles.tabs}
          options={[
            { value: 'upgrade', label: t('tabs.upgrade'), testId: 'shop-tab-upgrade' },
            { value: 'tickets', label: t('tabs.tickets'), testId: 'shop-tab-tickets' },
          ]}
        />
        <div className={styles.toolbarEnd}>
          <Segmented<MoneyCurrency>
            legend={t('currency')}
            hideLegend
            value={currency}
            onChange={chooseCurrency}
            className={styles.currency}
            options={[
              { value: 'usd', label: 'USD', testId: 'currency-usd' },
              { value: 'eur', label: 'EUR', testId: 'currency-eur' },
            ]}
          />
          {signedIn && (
            <Button
              variant="ghost"
              className={styles.historyButton}
              onClick={() => setHistoryOpen(true)}
              data-testid="history-button"
            >
              <ClockIcon size={18} />
              {t('historyButton')}
            </Button>
          )}
        </div>
      </div>
      {offers}
      {tab === 'tickets' && <p className={styles.footnote}>{t('packs.neverExpire')}</p>}
      <RedeemCard />
      <Faq signedIn={signedIn} />
      <PaymentMethodDialog
        product={choosing}
        summary={
          choosing && choosingPrice !== null
            ? t('checkout.summary', {
                product: productName(choosing),
                price: formatMoney(choosingPrice, currency, i18n.language),
              })
            : ''
        }
        providers={shop.data?.providers ?? []}
        onPay={checkout.pay}
        onClose={checkout.closeChoice}
      />
      <CryptoConfirmDialog
        open={checkout.confirmingCrypto !== null}
        price={cryptoPrice !== null ? formatMoney(cryptoPrice, currency, i18n.language) : ''}
        onContinue={checkout.confirmCrypto}
        onBack={checkout.cancelCrypto}
      />
      {signedIn && <HistoryDialog open={historyOpen} onOpenChange={setHistoryOpen} />}
      {user && (
        <VerifyFirstDialog open={checkout.mustVerify} email={user.email} onClose={checkout.closeVerify} />
      )}
    </PageLayout>
  );
}

function priceOf(
  shop: ReturnType<typeof useShop>['data'],
  product: string,
  currency: MoneyCurrency,
): number | null {
  const offer =
    shop?.packs.find((pack) => pack.id === product) ?? shop?.plans.find((plan) => plan.id === product);
  return offer?.price_cents[currency] ?? null;
}

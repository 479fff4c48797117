import type { MoneyCurrency } from '@mirage/domain';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notify } from '../../ui/notice.ts';
import { errorCode, useErrorText } from '../api/index.ts';
import { useSession } from '../session/index.ts';
import { createOrder } from './api.ts';
import { checkoutTarget, needsCryptoConfirmation, needsMethodChoice, type ProviderId } from './checkout.ts';

/** Where a guest pressing Buy goes: sign-up, and back to the shop afterwards (features/account AuthPanel). */
export const SIGNUP_FOR_SHOP = '/account/signup?rel=tickets';

/**
 * Buying (docs/product/commerce.md): a guest goes to sign-up; a buyer whose address is not verified is told
 * to verify it first (the server refuses the order: email_not_verified); a signed-in buyer picks how to pay when the
 * shop offers more than one provider (crypto is explained first), then the order is created at today's price and the buyer is sent to
 * the provider's checkout (a full navigation to a real provider, the router for the sandbox's own page).
 */
export function useCheckout(currency: MoneyCurrency, providers: readonly ProviderId[]) {
  const { t } = useTranslation('shop');
  const { signedIn, user } = useSession();
  const navigate = useNavigate();
  const errorText = useErrorText();
  /** The product waiting for the buyer's choice of a payment method. */
  const [choosing, setChoosing] = useState<string | null>(null);
  /** The product whose provider's page is loading (the button keeps its spinner until the page leaves). */
  const [leaving, setLeaving] = useState<string | null>(null);
  /** A buyer whose address is not verified yet: told how to verify rather than sent to pay. */
  const [mustVerify, setMustVerify] = useState(false);
  /** The product about to be paid with crypto, while the buyer reads how that works. */
  const [confirmingCrypto, setConfirmingCrypto] = useState<string | null>(null);

  const order = useMutation({
    mutationFn: ({ provider, product }: { provider: ProviderId; product: string }) =>
      createOrder(provider, product, currency),
    onSuccess: (answer, { product }) => {
      const target = checkoutTarget(answer.redirect_url);
      if (target.kind === 'route') return void navigate(target.path);
      setLeaving(product);
      window.location.assign(target.url);
    },
    onError: (error) => {
      const code = errorCode(error);
      // The session said verified, the server says not (another tab, an old page): the same explanation.
      if (code === 'email_not_verified') setMustVerify(true);
      else notify(errorText(code), 'error');
    },
  });

  const pay = (provider: ProviderId, product: string) => {
    setChoosing(null);
    if (needsCryptoConfirmation(provider)) setConfirmingCrypto(product);
    else order.mutate({ provider, product });
  };

  const confirmCrypto = () => {
    if (confirmingCrypto) order.mutate({ provider: 'nowpayments', product: confirmingCrypto });
    setConfirmingCrypto(null);
  };

  const buy = (product: string) => {
    if (!signedIn) return void navigate(SIGNUP_FOR_SHOP);
    if (user && !user.email_verified) return void setMustVerify(true);
    const [only] = providers;
    if (!only) notify(t('checkout.unavailable'), 'error');
    else if (needsMethodChoice(providers)) setChoosing(product);
    else pay(only, product);
  };

  return {
    buy,
    pay,
    choosing,
    closeChoice: () => setChoosing(null),
    mustVerify,
    closeVerify: () => setMustVerify(false),
    confirmingCrypto,
    confirmCrypto,
    cancelCrypto: () => setConfirmingCrypto(null),
    /** The product whose order is being created (its button shows a spinner). */
    pendingProduct: order.isPending ? order.variables.product : leaving,
  };
}

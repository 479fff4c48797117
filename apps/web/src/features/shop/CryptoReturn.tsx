import { cameFromCryptoProvider, type CryptoReturnStatus } from '@mirage/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { ButtonLink, buttonClass } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { CheckIcon, ExternalIcon, InfoIcon } from '../../ui/icons.tsx';
import { PageLayout } from '../../ui/PageLayout.tsx';
import { useCommunityLinks } from '../community/index.ts';
import { PageMeta } from '../meta/index.ts';
import styles from './Sandbox.module.css';

/**
 * /crypto-payment/{success|cancel} (spec §2 "Crypto status page"): where the crypto provider sends the buyer
 * back. Success says the payment is being confirmed (crypto is final only after confirmations; the order's
 * outcome shows in the shop) and offers /create; cancel says nothing was charged and offers the community
 * chat (the shop where none is configured). Anyone not coming from the provider is sent to /explore.
 */
export function CryptoReturn({ status, orderId }: { status: CryptoReturnStatus; orderId: string | null }) {
  const { t } = useTranslation('shop');
  // Read once: the referrer is the page that opened this one, and a later render must not change the answer.
  const [fromProvider] = useState(() => cameFromCryptoProvider(document.referrer));
  const chat = useCommunityLinks()?.chat ?? null;
  if (!fromProvider) return <Navigate to="/explore" replace />;
  const orderLink = orderId ? `/tickets?order=${encodeURIComponent(orderId)}` : '/tickets';
  const success = status === 'success';

  return (
    <PageLayout
      title={t(success ? 'crypto.successTitle' : 'crypto.cancelTitle')}
      subtitle={t(success ? 'crypto.successText' : 'crypto.cancelText')}
      width="narrow"
    >
      <PageMeta title={t(success ? 'crypto.successTitle' : 'crypto.cancelTitle')} noindex />
      <Card>
        <div className={styles.returnBody} data-testid="crypto-return" data-status={status}>
          <p className={styles.note}>
            {success ? <CheckIcon size={20} aria-hidden="true" /> : <InfoIcon size={20} aria-hidden="true" />}
            {t(success ? 'crypto.successNote' : chat ? 'crypto.cancelNote' : 'crypto.cancelNoteShop')}
          </p>
          <div className={styles.actions}>
            {success ? (
              <>
                <ButtonLink to="/create" variant="primary" size="lg">
                  {t('crypto.create')}
                </ButtonLink>
                <ButtonLink to={orderLink} variant="outline" size="lg">
                  {t('crypto.order')}
                </ButtonLink>
              </>
            ) : chat ? (
              <>
                <a
                  href={chat}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={buttonClass({ variant: 'primary', size: 'lg' })}
                  data-testid="crypto-chat"
                >
                  {t('crypto.chat')}
                  <ExternalIcon size={16} aria-hidden="true" />
                </a>
                <ButtonLink to="/tickets" variant="outline" size="lg">
                  {t('sandbox.backToShop')}
                </ButtonLink>
              </>
            ) : (
              <ButtonLink to="/tickets" variant="primary" size="lg">
                {t('sandbox.backToShop')}
              </ButtonLink>
            )}
          </div>
        </div>
      </Card>
    </PageLayout>
  );
}

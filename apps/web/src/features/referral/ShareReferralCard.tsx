import { REFERRAL } from '@mirage/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { HeartIcon } from '../../ui/icons.tsx';
import { fetchReferrals, REFERRALS_KEY, type ReferredAccount } from './api.ts';
import { referralLink } from './referral.ts';
import styles from './ReferralCards.module.css';

type CopyState = 'idle' | 'copied' | 'failed';

function ReferredRow({ item }: { item: ReferredAccount }) {
  const { t, i18n } = useTranslation('referral');
  const joined = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(
    new Date(item.joined_at),
  );
  return (
    <li className={styles.row} data-testid="referral-item">
      <div className={styles.who}>
        <span className={styles.username}>{item.username}</span>
        <span className={styles.meta}>{t('share.joined', { date: joined })}</span>
      </div>
      <div className={styles.states}>
        <span className={item.verified ? styles.done : styles.pending}>
          {item.verified ? t('share.verified') : t('share.unverified')}
        </span>
        <span className={item.purchased ? styles.done : styles.pending}>
          {item.purchased ? t('share.purchased') : t('share.not_purchased')}
        </span>
        {item.tickets > 0 && (
          <span className={styles.tickets}>{t('share.tickets', { count: item.tickets })}</span>
        )}
      </div>
    </li>
  );
}

/**
 * The share-referral card (spec §2 Settings): the user's code and invitation link, copied or shared with
 * the system's share sheet where the browser has one, what each side gets, and the accounts referred
 * with what each earned, 5 a page.
 */
export function ShareReferralCard() {
  const { t } = useTranslation('referral');
  const [page, setPage] = useState(0);
  const [copy, setCopy] = useState<CopyState>('idle');
  const referrals = useQuery({
    queryKey: [...REFERRALS_KEY, page],
    queryFn: ({ signal }) => fetchReferrals(page, REFERRAL.pageSize, signal),
    placeholderData: keepPreviousData,
  });
  const data = referrals.data;
  const rewards = { referred: REFERRAL.referredTickets, referrer: REFERRAL.referrerTickets };
  const link = data ? referralLink(window.location.origin, data.code) : '';
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(link);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  }

  function share() {
    // A dismissed share sheet rejects: nothing to say then.
    navigator.share({ url: link, text: t('share.share_text', rewards) }).catch(() => undefined);
  }

  return (
    <Card
      title={t('share.title')}
      description={t('share.description', rewards)}
      icon={<HeartIcon />}
      testId="share-referral-card"
    >
      {referrals.isError && !data ? (
        <div className={styles.stack}>
          <Alert>{t('share.load_failed')}</Alert>
          <Button variant="secondary" onClick={() => void referrals.refetch()}>
            {t('share.retry')}
          </Button>
        </div>
      ) : data ? (
        <div className={styles.stack}>
          <dl className={styles.codeRow}>
            <div>
              <dt>{t('share.code')}</dt>
              <dd className={styles.code} data-testid="referral-code">
                {data.code}
              </dd>
            </div>
            <div className={styles.linkBox}>
              <dt>{t('share.link')}</dt>
              <dd className={styles.link} data-testid="referral-link">
                {link}
              </dd>
            </div>
          </dl>
          <div className={styles.actions}>
            <Button variant="primary" onClick={() => void copyLink()} data-testid="referral-copy">
              {copy === 'copied' ? t('share.copied') : t('share.copy')}
            </Button>
            {canShare && (
              <Button variant="secondary" onClick={share} data-testid="referral-share">
                {t('share.share')}
              </Button>
            )}
          </div>
          {copy === 'failed' && <Alert tone="info">{t('share.copy_failed')}</Alert>}
          <h3 className={styles.listTitle}>{t('share.list_title')}</h3>
          <p className={styles.totals} data-testid="referral-totals">
            {t('share.total', { count: data.total })} · {t('share.earned', { count: data.tickets })}
          </p>
          {data.items.length === 0 ? (
            <p className={styles.meta}>{t('share.empty')}</p>
          ) : (
            <ul className={styles.list}>
              {data.items.map((item) => (
                <ReferredRow key={item.username} item={item} />
              ))}
            </ul>
          )}
          {data.pages > 1 && (
            <nav className={styles.pager} aria-label={t('share.list_title')}>
              <Button size="sm" disabled={page === 0} onClick={() => setPage(page - 1)}>
                {t('share.previous')}
              </Button>
              <span className={styles.meta}>{t('share.page', { page: page + 1, pages: data.pages })}</span>
              <Button size="sm" disabled={page + 1 >= data.pages} onClick={() => setPage(page + 1)}>
                {t('share.next')}
              </Button>
            </nav>
          )}
        </div>
      ) : null}
    </Card>
  );
}

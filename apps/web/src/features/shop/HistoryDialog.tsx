import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { formatMoney } from './money.ts';
import { usePayments } from './queries.ts';
import { useProductName } from './useProductName.ts';
import styles from './Dialogs.module.css';

const STATUSES = ['SUCCESS', 'PENDING', 'FAILURE', 'PROCESSED'] as const;
type Status = (typeof STATUSES)[number];
const isStatus = (value: string): value is Status => (STATUSES as readonly string[]).includes(value);

/** The buyer's orders, newest first, a page at a time: date, product, amount, status. */
export function HistoryDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('shop');
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('history.title')} testId="history-dialog">
      {open && <HistoryList />}
    </Dialog>
  );
}

function HistoryList() {
  const { t, i18n } = useTranslation('shop');
  const [page, setPage] = useState(0);
  const payments = usePayments(page);
  const productName = useProductName();
  const dateFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  if (payments.isPending) {
    return (
      <div className={styles.centre}>
        <Spinner size={28} label={t('history.title')} />
      </div>
    );
  }
  if (payments.isError) {
    return (
      <div className={styles.centre}>
        <Alert>{t('history.loadFailed')}</Alert>
        <Button variant="secondary" onClick={() => void payments.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  }
  const { items, pages } = payments.data;
  if (items.length === 0) return <p className={styles.empty}>{t('history.empty')}</p>;

  return (
    <div className={styles.history} aria-busy={payments.isFetching || undefined}>
      <ul className={styles.orders}>
        {items.map((item) => (
          <li key={item.id} className={styles.order} data-testid="history-item" data-status={item.status}>
            <div className={styles.orderMain}>
              <span className={styles.orderProduct}>{productName(item.product)}</span>
              <time className={styles.orderDate} dateTime={item.created_at}>
                {dateFormat.format(new Date(item.created_at))}
              </time>
            </div>
            <div className={styles.orderSide}>
              <span className={styles.orderAmount}>
                {formatMoney(item.amount_cents, item.currency, i18n.language)}
              </span>
              <span className={styles.status} data-status={item.status} data-testid="history-status">
                {isStatus(item.status) ? t(`history.statuses.${item.status}`) : item.status}
              </span>
            </div>
          </li>
        ))}
      </ul>
      {pages > 1 && (
        <nav className={styles.pager} aria-label={t('history.title')}>
          <Button variant="ghost" size="sm" disabled={page === 0} onClick={() => setPage(page - 1)}>
            {t('history.previous')}
          </Button>
          <span className={styles.pageNumber}>{t('history.page', { page: page + 1, pages })}</span>
          <Button
            variant="ghost"
            size="sm"
            disabled={page + 1 >= pages}
            onClick={() => setPage(page + 1)}
            data-testid="history-next"
          >
            {t('history.next')}
          </Button>
        </nav>
      )}
    </div>
  );
}

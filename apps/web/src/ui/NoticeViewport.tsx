import { useTranslation } from 'react-i18next';
import { AlertIcon, CheckIcon, CloseIcon, InfoIcon } from './icons.tsx';
import { dismissNotice, selectNoticeAction, useNotices } from './notice.ts';
import styles from './NoticeViewport.module.css';

/** Renders the notice store. Always mounted so that screen readers hear new notices. */
export function NoticeViewport() {
  const notices = useNotices();
  const { t } = useTranslation('common');
  return (
    <div className={styles.viewport} aria-live="polite" aria-relevant="additions" data-testid="notice">
      {notices.map((notice) => {
        const Icon = notice.tone === 'error' ? AlertIcon : notice.tone === 'success' ? CheckIcon : InfoIcon;
        return (
          <div key={notice.id} className={[styles.notice, styles[notice.tone]].join(' ')} role="status">
            <Icon size={18} />
            <p className={styles.message}>{notice.message}</p>
            {notice.action && (
              <button
                type="button"
                className={styles.action}
                onClick={() => selectNoticeAction(notice.id)}
                data-testid="notice-action"
              >
                {notice.action.label}
              </button>
            )}
            <button
              type="button"
              className={styles.dismiss}
              onClick={() => dismissNotice(notice.id)}
              aria-label={t('actions.dismiss')}
            >
              <CloseIcon size={16} />
            </button>
          </div>
        );
      })}
    </div>
  );
}

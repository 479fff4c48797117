import type { UserSettings } from '@mirage/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { CompassIcon, MailIcon, SparkleIcon, TicketIcon } from '../../ui/icons.tsx';
import styles from './Onboarding.module.css';

interface Props {
  user: UserSettings;
  /** Closed; `tour` when the user chose "Take the tour". */
  onClose: (choice: { tour: boolean }) => void;
}

/**
 * Register success (docs/product/accounts.md#after-sign-up): shown once, after the reload that signs a new
 * account in. The welcome tickets are the account's balance as the server reports it (the welcome grant),
 * then what to do next: confirm the address, open the generator, take the tour.
 */
export function RegisterSuccessDialog({ user, onClose }: Props) {
  const { t } = useTranslation('onboarding');
  const navigate = useNavigate();
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose({ tour: false })}
      title={t('welcome.title', { username: user.username })}
      description={t('welcome.description')}
      testId="register-success"
    >
      <div className={styles.welcome}>
        <p className={styles.grant} data-testid="register-success-tickets">
          <TicketIcon size={22} />
          <span>{t('welcome.tickets', { count: user.generation_token })}</span>
        </p>
        <h3 className={styles.nextTitle}>{t('welcome.next_title')}</h3>
        <ul className={styles.nextList}>
          {!user.email_verified && (
            <li data-testid="register-success-verify">
              <MailIcon size={18} />
              <span>{t('welcome.next_verify', { email: user.email })}</span>
            </li>
          )}
          <li>
            <SparkleIcon size={18} />
            <span>{t('welcome.next_create')}</span>
          </li>
          <li>
            <CompassIcon size={18} />
            <span>{t('welcome.next_tour')}</span>
          </li>
        </ul>
        <div className={styles.actions}>
          <Button
            variant="primary"
            onClick={() => {
              onClose({ tour: false });
              void navigate('/create');
            }}
            data-testid="register-success-create"
          >
            <SparkleIcon size={18} />
            {t('welcome.create')}
          </Button>
          <Button
            variant="outline"
            onClick={() => onClose({ tour: true })}
            data-testid="register-success-tour"
          >
            <CompassIcon size={18} />
            {t('welcome.tour')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

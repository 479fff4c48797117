import type { UserSettings } from '@mirage/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { LogoutIcon } from '../../ui/icons.tsx';
import { useLogout } from '../account/index.ts';
import styles from './Settings.module.css';

export function SessionCard({ user }: { user: UserSettings }) {
  const { t } = useTranslation('settings');
  const { logout, pending } = useLogout();
  return (
    <Card
      title={t('session.title')}
      description={t('session.description', { email: user.email })}
      icon={<LogoutIcon />}
    >
      <div className={styles.actions}>
        <Button variant="danger" onClick={logout} pending={pending} data-testid="settings-logout">
          <LogoutIcon size={18} />
          {t('session.logout')}
        </Button>
      </div>
    </Card>
  );
}

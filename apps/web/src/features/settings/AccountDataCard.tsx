import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../ui/Alert.tsx';
import { Button, buttonClass } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { Checkbox } from '../../ui/Checkbox.tsx';
import { DownloadIcon, TrashIcon } from '../../ui/icons.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { call, errorCode, useErrorText } from '../api/index.ts';
import { clearAuthCookie, reloadTo } from '../session/index.ts';
import styles from './Settings.module.css';

/**
 * "Your data" (docs/product/accounts.md#your-data): download everything as a zip, or delete the account.
 * The download is a plain link, so the browser streams the zip to disk however large the gallery is.
 */
export function AccountDataCard() {
  const { t } = useTranslation('settings');
  return (
    <Card title={t('data.title')} description={t('data.description')} icon={<DownloadIcon />}>
      <div className={styles.actions}>
        <a
          className={buttonClass({ variant: 'secondary' })}
          href="/api/user/export"
          download
          data-testid="settings-export"
        >
          <DownloadIcon size={18} />
          {t('data.download')}
        </a>
      </div>
    </Card>
  );
}

export function DeleteAccountCard() {
  const { t } = useTranslation('settings');
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [understood, setUnderstood] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const mutation = useMutation({
    mutationFn: () => call('deleteAccount', { body: password ? { password } : {} }),
    onSuccess: () => {
      clearAuthCookie();
      queryClient.clear();
      reloadTo('/');
    },
    onError: (caught) => setError(errorCode(caught)),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    mutation.mutate();
  }

  return (
    <Card title={t('delete.title')} description={t('delete.description')} icon={<TrashIcon />}>
      {!open ? (
        <div className={styles.actions}>
          <Button variant="danger" onClick={() => setOpen(true)} data-testid="settings-delete-open">
            <TrashIcon size={18} />
            {t('delete.open')}
          </Button>
        </div>
      ) : (
        <form className={styles.stack} onSubmit={submit} noValidate>
          <ul className={styles.list}>
            <li>{t('delete.goes')}</li>
            <li>{t('delete.stays')}</li>
            <li>{t('delete.username')}</li>
          </ul>
          {error && <Alert testId="settings-delete-error">{errorText(error)}</Alert>}
          <TextField
            label={t('delete.password')}
            hint={t('delete.password_hint')}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            testId="settings-delete-password"
          />
          <Checkbox
            label={t('delete.understood')}
            checked={understood}
            onChange={(event) => setUnderstood(event.target.checked)}
            testId="settings-delete-understood"
          />
          <div className={styles.actions}>
            <Button variant="secondary" type="button" onClick={() => setOpen(false)}>
              {t('delete.cancel')}
            </Button>
            <Button
              variant="danger"
              type="submit"
              disabled={!understood}
              pending={mutation.isPending}
              data-testid="settings-delete-confirm"
            >
              {t('delete.confirm')}
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}

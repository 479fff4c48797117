import type { UserSettings } from '@mirage/contract';
import { USERNAME_MAX, USERNAME_MIN, usernameSchema } from '@mirage/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { UserIcon } from '../../ui/icons.tsx';
import { notify } from '../../ui/notice.ts';
import { TextField } from '../../ui/TextField.tsx';
import { updateUser } from '../account/index.ts';
import { errorCode, useErrorText } from '../api/index.ts';
import { ME_QUERY_KEY } from '../session/index.ts';
import styles from './Settings.module.css';

export function UsernameCard({ user }: { user: UserSettings }) {
  const { t } = useTranslation('settings');
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [username, setUsername] = useState(user.username);
  const [error, setError] = useState<string | null>(null);

  const mutation = useMutation({
    mutationFn: (value: string) => updateUser({ user: { username: value } }),
    onSuccess: ({ user: updated }) => {
      queryClient.setQueryData(ME_QUERY_KEY, updated);
      setUsername(updated.username);
      notify(t('username.saved'), 'success');
    },
    onError: (caught) => setError(errorCode(caught)),
  });

  const trimmed = username.trim();
  const unchanged = trimmed === user.username;

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = usernameSchema.safeParse(trimmed);
    const code = result.success ? null : (result.error.issues[0]?.message ?? 'validation_error');
    setError(code);
    if (!code && !unchanged) mutation.mutate(trimmed);
  }

  return (
    <Card title={t('username.title')} description={t('username.description')} icon={<UserIcon />}>
      <form className={styles.inlineForm} onSubmit={submit} noValidate>
        <TextField
          label={t('username.label')}
          className={styles.grow}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={USERNAME_MAX}
          value={username}
          onChange={(event) => {
            setUsername(event.target.value);
            setError(null);
          }}
          error={error ? errorText(error) : null}
          hint={t('username.hint', { min: USERNAME_MIN, max: USERNAME_MAX })}
          testId="settings-username"
        />
        <Button
          type="submit"
          variant="primary"
          className={styles.inlineSubmit}
          disabled={unchanged}
          pending={mutation.isPending}
          data-testid="settings-username-save"
        >
          {t('save')}
        </Button>
      </form>
    </Card>
  );
}

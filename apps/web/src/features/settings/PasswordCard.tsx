import { PASSWORD_MAX, PASSWORD_MIN, passwordSchema } from '@mirage/domain';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { ShieldIcon } from '../../ui/icons.tsx';
import { notify } from '../../ui/notice.ts';
import { TextField } from '../../ui/TextField.tsx';
import { updateUser } from '../account/index.ts';
import { Alert } from '../../ui/Alert.tsx';
import { errorCode, useErrorText } from '../api/index.ts';
import styles from './Settings.module.css';

interface Errors {
  current?: string;
  next?: string;
  form?: string;
}

export function PasswordCard() {
  const { t } = useTranslation('settings');
  const errorText = useErrorText();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  const mutation = useMutation({
    mutationFn: () => updateUser({ pwd: next, current_pwd: current }),
    onSuccess: () => {
      setCurrent('');
      setNext('');
      notify(t('password.saved'), 'success');
    },
    onError: (caught) => {
      const code = errorCode(caught);
      if (code === 'incorrect_password') setErrors({ current: code });
      else if (code.endsWith('_pwd')) setErrors({ next: code });
      else setErrors({ form: code });
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const found: Errors = {};
    if (current === '') found.current = 'required_pwd';
    const result = passwordSchema.safeParse(next);
    if (!result.success) found.next = result.error.issues[0]?.message ?? 'validation_error';
    setErrors(found);
    if (Object.keys(found).length === 0) mutation.mutate();
  }

  // In this form "incorrect_password" means the current password (not the login's wording).
  const currentError =
    errors.current === 'incorrect_password'
      ? t('password.incorrect_current')
      : errors.current
        ? errorText(errors.current)
        : null;

  return (
    <Card title={t('password.title')} description={t('password.description')} icon={<ShieldIcon />}>
      <form className={styles.stack} onSubmit={submit} noValidate>
        {errors.form && <Alert testId="form-error">{errorText(errors.form)}</Alert>}
        <div className={styles.twoColumns}>
          <TextField
            label={t('password.current')}
            type="password"
            autoComplete="current-password"
            value={current}
            onChange={(event) => {
              setCurrent(event.target.value);
              setErrors(({ current: _, ...rest }) => rest);
            }}
            error={currentError}
            testId="settings-password-current"
          />
          <TextField
            label={t('password.new')}
            type="password"
            autoComplete="new-password"
            maxLength={PASSWORD_MAX}
            value={next}
            onChange={(event) => {
              setNext(event.target.value);
              setErrors(({ next: _, ...rest }) => rest);
            }}
            error={errors.next ? errorText(errors.next) : null}
            hint={t('password.hint', { min: PASSWORD_MIN, max: PASSWORD_MAX })}
            testId="settings-password-new"
          />
        </div>
        <div className={styles.actions}>
          <Button
            type="submit"
            variant="primary"
            disabled={current === '' && next === ''}
            pending={mutation.isPending}
            data-testid="settings-password-save"
          >
            {t('password.save')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

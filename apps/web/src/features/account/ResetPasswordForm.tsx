import { PASSWORD_MAX, PASSWORD_MIN } from '@mirage/domain';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../ui/Alert.tsx';
import { Button, ButtonLink } from '../../ui/Button.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { errorCode, useErrorText } from '../api/index.ts';
import { openModal } from '../modal/index.ts';
import { resetPassword } from './api.ts';
import { fieldForCode, validatePassword } from './fieldErrors.ts';
import styles from './AuthForm.module.css';

/** /account/reset?token=…: choose a new password with the token from the e-mailed link. */
export function ResetPasswordForm({ token }: { token: string | null }) {
  const { t } = useTranslation('account');
  const errorText = useErrorText();
  const [pwd, setPwd] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (password: string) => resetPassword(token ?? '', password),
    onError: (error) => {
      const code = errorCode(error);
      if (fieldForCode(code) === 'password') setFieldError(code);
    },
  });

  if (!token) {
    return (
      <div className={styles.form}>
        <Alert testId="form-error">{errorText('reset_token_invalid')}</Alert>
        <Button variant="primary" block onClick={() => openModal('forgot-password')}>
          {t('reset.request_new')}
        </Button>
      </div>
    );
  }

  if (mutation.isSuccess) {
    return (
      <div className={styles.form}>
        <Alert tone="success">{t('reset.success')}</Alert>
        <ButtonLink to="/account/signin" variant="primary" size="lg" block>
          {t('reset.go_signin')}
        </ButtonLink>
      </div>
    );
  }

  const formError = mutation.isError && !fieldError ? errorCode(mutation.error) : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    const code = validatePassword(pwd) ?? null;
    setFieldError(code);
    if (!code) mutation.mutate(pwd);
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      {formError && (
        <Alert testId="form-error">
          {errorText(formError)}{' '}
          {formError === 'reset_token_invalid' && (
            <button type="button" className={styles.linkButton} onClick={() => openModal('forgot-password')}>
              {t('reset.request_new')}
            </button>
          )}
        </Alert>
      )}
      <TextField
        label={t('field.new_password')}
        type="password"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX}
        value={pwd}
        onChange={(event) => {
          setPwd(event.target.value);
          setFieldError(null);
        }}
        error={fieldError ? errorText(fieldError) : null}
        hint={t('signup.password_hint', { min: PASSWORD_MIN, max: PASSWORD_MAX })}
        testId="reset-password"
      />
      <Button
        type="submit"
        variant="primary"
        size="lg"
        block
        pending={mutation.isPending}
        data-testid="reset-submit"
      >
        {t('reset.submit')}
      </Button>
    </form>
  );
}

import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { errorCode, useErrorText } from '../api/index.ts';
import { openModal } from '../modal/index.ts';
import { login } from './api.ts';
import { errorsFromCode, hasErrors, validateSignin, type FormErrors } from './fieldErrors.ts';
import styles from './AuthForm.module.css';

/**
 * docs/product/errors.md: user_not_found and incorrect_password both read "Username or password is invalid".
 */
const CREDENTIAL_CODES = new Set(['user_not_found', 'incorrect_password']);

export function SignInForm({ onSuccess }: { onSuccess: () => void }) {
  const { t } = useTranslation('account');
  const errorText = useErrorText();
  const [username, setUsername] = useState('');
  const [pwd, setPwd] = useState('');
  const [errors, setErrors] = useState<FormErrors>({});

  const mutation = useMutation({
    mutationFn: login,
    onSuccess,
    onError: (error) => {
      const code = errorCode(error);
      setErrors(CREDENTIAL_CODES.has(code) ? { form: code } : errorsFromCode(code));
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateSignin({ username, pwd });
    setErrors(found);
    if (!hasErrors(found)) mutation.mutate({ username: username.trim(), pwd });
  }

  const message = (code: string | undefined) => (code ? errorText(code) : null);

  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="signin-form">
      {errors.form && <Alert testId="form-error">{message(errors.form)}</Alert>}
      <TextField
        label={t('field.username_or_email')}
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        value={username}
        onChange={(event) => {
          setUsername(event.target.value);
          setErrors(({ username: _, ...rest }) => rest);
        }}
        error={message(errors.username)}
        testId="field-username"
      />
      <TextField
        label={t('field.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        value={pwd}
        onChange={(event) => {
          setPwd(event.target.value);
          setErrors(({ password: _, ...rest }) => rest);
        }}
        error={message(errors.password)}
        testId="field-password"
        labelAside={
          <button
            type="button"
            className={styles.linkButton}
            onClick={() => openModal('forgot-password')}
            data-testid="forgot-password-link"
          >
            {t('signin.forgot')}
          </button>
        }
      />
      <Button
        type="submit"
        variant="primary"
        size="lg"
        block
        pending={mutation.isPending}
        data-testid="submit"
      >
        {t('signin.submit')}
      </Button>
    </form>
  );
}

import { COOKIE, isLanguage, PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from '@mirage/domain';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { errorCode, useErrorText } from '../api/index.ts';
import { deleteCookie, getCookie } from '../cookie/index.ts';
import { markNewAccount } from '../session/index.ts';
import { createUser } from './api.ts';
import {
  errorsFromCode,
  hasErrors,
  validateSignup,
  type AccountField,
  type FormErrors,
} from './fieldErrors.ts';
import styles from './AuthForm.module.css';

export function SignUpForm({ onSuccess }: { onSuccess: () => void }) {
  const { t, i18n } = useTranslation('account');
  const errorText = useErrorText();
  const [values, setValues] = useState({ username: '', email: '', pwd: '' });
  const [errors, setErrors] = useState<FormErrors>({});

  const mutation = useMutation({
    mutationFn: createUser,
    onSuccess: () => {
      // The referral code has been used; do not send it again from this browser.
      deleteCookie(COOKIE.referralCode);
      // After the reload that signs the user in, the onboarding shows the register-success dialog.
      markNewAccount();
      onSuccess();
    },
    onError: (error) => setErrors(errorsFromCode(errorCode(error))),
  });

  function change(key: keyof typeof values, field: AccountField, value: string) {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => {
      const { [field]: _, ...rest } = current;
      return rest;
    });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateSignup(values);
    setErrors(found);
    if (hasErrors(found)) return;
    const referral = getCookie(COOKIE.referralCode);
    mutation.mutate({
      username: values.username.trim(),
      email: values.email.trim(),
      pwd: values.pwd,
      // The verification mail goes out in the language the visitor reads the site in.
      ...(isLanguage(i18n.language) ? { lang: i18n.language } : {}),
      ...(referral ? { referral_code: referral } : {}),
    });
  }

  const message = (code: string | undefined) => (code ? errorText(code) : null);

  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="signup-form">
      {errors.form && <Alert testId="form-error">{message(errors.form)}</Alert>}
      <TextField
        label={t('field.username')}
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={USERNAME_MAX}
        value={values.username}
        onChange={(event) => change('username', 'username', event.target.value)}
        error={message(errors.username)}
        hint={t('signup.username_hint', { min: USERNAME_MIN, max: USERNAME_MAX })}
        testId="field-username"
      />
      <TextField
        label={t('field.email')}
        name="email"
        type="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        value={values.email}
        onChange={(event) => change('email', 'email', event.target.value)}
        error={message(errors.email)}
        testId="field-email"
      />
      <TextField
        label={t('field.password')}
        name="password"
        type="password"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX}
        value={values.pwd}
        onChange={(event) => change('pwd', 'password', event.target.value)}
        error={message(errors.password)}
        hint={t('signup.password_hint', { min: PASSWORD_MIN, max: PASSWORD_MAX })}
        testId="field-password"
      />
      <p className={styles.fineprint}>{t('signup.age_notice')}</p>
      <Button
        type="submit"
        variant="primary"
        size="lg"
        block
        pending={mutation.isPending}
        data-testid="submit"
      >
        {t('signup.submit')}
      </Button>
    </form>
  );
}

import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { errorCode, useErrorText } from '../api/index.ts';
import { sendResetPassword } from './api.ts';
import { validateEmail } from './fieldErrors.ts';
import styles from './AuthForm.module.css';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Asks for a reset link. The answer is the same whether or not the address has an account. */
export function ForgotPasswordDialog({ open, onOpenChange }: Props) {
  const { t } = useTranslation('account');
  const errorText = useErrorText();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const mutation = useMutation({ mutationFn: sendResetPassword });

  function submit(event: FormEvent) {
    event.preventDefault();
    const code = validateEmail(email) ?? null;
    setFieldError(code);
    if (!code) mutation.mutate(email.trim());
  }

  const requestError = mutation.isError ? errorCode(mutation.error) : null;

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('forgot.title')}
      description={mutation.isSuccess ? undefined : t('forgot.description')}
      testId="forgot-password-dialog"
    >
      {mutation.isSuccess ? (
        <div className={styles.form}>
          <Alert tone="success">{t('forgot.sent')}</Alert>
          <Button variant="secondary" block onClick={() => onOpenChange(false)}>
            {t('forgot.done')}
          </Button>
        </div>
      ) : (
        <form className={styles.form} onSubmit={submit} noValidate>
          {requestError && <Alert testId="form-error">{errorText(requestError)}</Alert>}
          <TextField
            label={t('field.email')}
            type="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              setFieldError(null);
            }}
            error={fieldError ? errorText(fieldError) : null}
            testId="forgot-email"
          />
          <Button
            type="submit"
            variant="primary"
            block
            pending={mutation.isPending}
            data-testid="forgot-submit"
          >
            {t('forgot.submit')}
          </Button>
        </form>
      )}
    </Dialog>
  );
}

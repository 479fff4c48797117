import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../ui/Alert.tsx';
import { ButtonLink } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { errorCode, useErrorText } from '../api/index.ts';
import { ME_QUERY_KEY, useSession } from '../session/index.ts';
import { verifyEmail } from './api.ts';
import { ResendVerificationButton } from './ResendVerificationButton.tsx';
import styles from './AuthForm.module.css';

/**
 * /account/verify?token=…: checks the mailed link once (a query, not an effect's mutation, so that React's
 * double mount in development does not spend the single-use token twice and then report it used).
 */
export function VerifyEmailResult({ token }: { token: string | null }) {
  const { t } = useTranslation('account');
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const { signedIn, user } = useSession();
  const check = useQuery({
    queryKey: ['verify-email', token],
    queryFn: () => verifyEmail(token ?? ''),
    enabled: token !== null,
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });

  // The account now shows as verified everywhere (the settings banner, the shop).
  useEffect(() => {
    if (check.isSuccess) void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
  }, [check.isSuccess, queryClient]);

  if (token !== null && check.isPending) {
    return (
      <div className={styles.form}>
        <Spinner label={t('verify.checking')} />
      </div>
    );
  }

  // A used link of an account that is verified anyway (the link opened twice) is not worth an error.
  if (check.isSuccess || user?.email_verified) {
    return (
      <div className={styles.form}>
        <Alert tone="success" testId="verify-success">
          {check.isSuccess ? t('verify.success') : t('verify.already')}
        </Alert>
        <ButtonLink to="/create" variant="primary" size="lg" block>
          {t('verify.go_create')}
        </ButtonLink>
      </div>
    );
  }

  return (
    <div className={styles.form}>
      <Alert testId="form-error">
        {errorText(check.isError ? errorCode(check.error) : 'verify_token_invalid')}
      </Alert>
      {signedIn ? (
        <ResendVerificationButton />
      ) : (
        <ButtonLink to="/account/signin" variant="secondary" block>
          {t('verify.sign_in')}
        </ButtonLink>
      )}
    </div>
  );
}

import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { Alert } from '../../ui/Alert.tsx';
import { ButtonLink } from '../../ui/Button.tsx';
import { Logo } from '../../ui/Logo.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { errorCode, useErrorText } from '../api/index.ts';
import { oauthLogin } from './api.ts';
import { PageMeta } from '../meta/index.ts';
import { isSignedIn, reloadTo } from '../session/index.ts';
import { oauthRedirectUri, sendOAuthResult } from './message.ts';
import styles from './OAuthReturn.module.css';

/**
 * Reports the outcome to the tab that opened this popup and closes it. Browsers only let a script close
 * a window that a script opened; if this one stays open, `otherwise` runs.
 */
async function reportAndClose(result: { ok: boolean; error?: string }, otherwise: () => void) {
  if (!(await sendOAuthResult(result))) {
    otherwise();
    return;
  }
  window.close();
  window.setTimeout(otherwise, 500);
}

/**
 * /oauth (docs/product/accounts.md#sign-in): posts the provider's code, then reports to the opener and closes
 * the popup; without an opener the user lands on /explore signed in. Missing code or provider, or already
 * signed in: /404.
 */
export function OAuthReturn() {
  const { t } = useTranslation('account');
  const errorText = useErrorText();
  const [params] = useSearchParams();
  const code = params.get('code');
  const provider = params.get('provider');
  const state = params.get('state');
  const providerError = params.get('error');
  // Read once: a successful sign-in sets the auth cookie, which must not turn this page into a 404.
  const [signedInAtStart] = useState(isSignedIn);
  // A provider refusal (e.g. consent cancelled) nobody was waiting for: treated as a missing code.
  const [refusalUnheard, setRefusalUnheard] = useState(false);
  const started = useRef(false);

  const { mutate, ...mutation } = useMutation({
    mutationFn: oauthLogin,
    onSuccess: () => reportAndClose({ ok: true }, () => reloadTo('/explore')),
    // The error stays on screen if the popup cannot close or nobody listens.
    onError: (error) => reportAndClose({ ok: false, error: errorCode(error) }, () => undefined),
  });

  const canPost = Boolean(code && provider) && !signedInAtStart;
  // The provider refused inside a popup (its opener link may be cut): tell the opener and close.
  const refused = !canPost && !signedInAtStart && provider !== null && providerError !== null;

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (refused) {
      void reportAndClose({ ok: false, error: 'oauth_failed' }, () => setRefusalUnheard(true));
      return;
    }
    if (!canPost || !code || !provider) return;
    mutate({
      auth_code: code,
      redirect_uri: oauthRedirectUri(provider),
      provider,
      ...(state ? { state } : {}),
    });
  }, [refused, canPost, code, provider, state, mutate]);

  if ((!canPost && !refused) || refusalUnheard) return <Navigate to="/404" replace />;

  return (
    <main className={styles.page}>
      <PageMeta title={t('oauth.title')} noindex />
      <Logo />
      {mutation.isError ? (
        <div className={styles.box}>
          <Alert testId="form-error">{errorText(errorCode(mutation.error))}</Alert>
          <ButtonLink to="/account/signin" variant="primary">
            {t('oauth.back_to_signin')}
          </ButtonLink>
        </div>
      ) : (
        <div className={styles.box} role="status">
          <Spinner size={36} />
          <p>{t('oauth.signing_in')}</p>
        </div>
      )}
    </main>
  );
}

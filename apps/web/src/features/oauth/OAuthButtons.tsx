import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { useErrorText } from '../api/index.ts';
import { embeddedOAuthProviders, fetchOAuthProviders, oauthStartUrl, type OAuthProvider } from './api.ts';
import { listenForOAuthResult } from './message.ts';
import styles from './OAuthButtons.module.css';

const PROVIDER_LABEL: Record<OAuthProvider, string> = { google: 'Google', discord: 'Discord' };

function ProviderMark({ provider }: { provider: OAuthProvider }) {
  return (
    <span className={[styles.mark, styles[provider]].join(' ')} aria-hidden="true">
      {provider === 'google' ? 'G' : 'D'}
    </span>
  );
}

/**
 * Sign-in buttons for the providers the server has configured (hidden when none), then an "or"
 * separator. Each opens the provider in a popup; the /oauth page reports back.
 */
export function OAuthButtons({ onSuccess }: { onSuccess: () => void }) {
  const { t } = useTranslation('account');
  const errorText = useErrorText();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<OAuthProvider | null>(null);
  const onSuccessRef = useRef(onSuccess);
  useEffect(() => {
    onSuccessRef.current = onSuccess;
  }, [onSuccess]);

  const providers = useQuery({
    queryKey: ['oauth', 'providers'],
    queryFn: ({ signal }) => fetchOAuthProviders(signal),
    initialData: embeddedOAuthProviders,
    staleTime: 5 * 60_000,
    retry: false,
  });

  useEffect(() => {
    // The result may arrive twice (postMessage and BroadcastChannel): act on the first success only.
    let signedIn = false;
    return listenForOAuthResult((message) => {
      if (signedIn) return;
      setPending(null);
      if (message.ok) {
        signedIn = true;
        onSuccessRef.current();
      } else {
        setError(message.error ?? 'oauth_failed');
      }
    });
  }, []);

  const list = providers.data?.providers ?? [];
  if (list.length === 0) return null;

  function start(provider: OAuthProvider) {
    setError(null);
    const width = 520;
    const height = 680;
    const left = Math.max(0, window.screenX + (window.outerWidth - width) / 2);
    const top = Math.max(0, window.screenY + (window.outerHeight - height) / 2);
    const popup = window.open(
      oauthStartUrl(provider),
      'mirage-oauth',
      `popup=yes,width=${width},height=${height},left=${Math.round(left)},top=${Math.round(top)}`,
    );
    // Popup blocked: continue in this tab; /oauth then signs in without an opener.
    if (!popup) {
      window.location.assign(oauthStartUrl(provider));
      return;
    }
    setPending(provider);
    // The user may close the popup without finishing: stop showing the button as busy.
    const timer = window.setInterval(() => {
      if (popup.closed) {
        window.clearInterval(timer);
        setPending(null);
      }
    }, 500);
  }

  return (
    <div className={styles.wrap}>
      {error && <Alert testId="form-error">{errorText(error)}</Alert>}
      <div className={styles.buttons}>
        {list.map((provider) => (
          <Button
            key={provider}
            variant="secondary"
            size="lg"
            block
            pending={pending === provider}
            onClick={() => start(provider)}
            data-testid={`oauth-${provider}`}
          >
            <ProviderMark provider={provider} />
            {t('oauth.continue_with', { provider: PROVIDER_LABEL[provider] })}
          </Button>
        ))}
      </div>
      <div className={styles.separator} role="separator">
        <span>{t('oauth.or')}</span>
      </div>
    </div>
  );
}

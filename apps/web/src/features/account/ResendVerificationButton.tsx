import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { notify } from '../../ui/notice.ts';
import { errorCode, useErrorText } from '../api/index.ts';
import { resendVerificationEmail } from './api.ts';

/** How long the button rests after a link was sent: the mail takes a moment, and pressing again mails again. */
const COOLDOWN_MS = 60_000;

/** "Send the link again": mails a new verification link, then waits a minute before it can be pressed again. */
export function ResendVerificationButton() {
  const { t } = useTranslation('account');
  const errorText = useErrorText();
  const [resting, setResting] = useState(false);
  const mutation = useMutation({
    mutationFn: resendVerificationEmail,
    onSuccess: () => {
      setResting(true);
      notify(t('verify.resent'), 'success');
    },
    onError: (error) => notify(errorText(errorCode(error)), 'error'),
  });

  useEffect(() => {
    if (!resting) return;
    const timer = setTimeout(() => setResting(false), COOLDOWN_MS);
    return () => clearTimeout(timer);
  }, [resting]);

  return (
    <Button
      variant="secondary"
      pending={mutation.isPending}
      disabled={resting}
      onClick={() => mutation.mutate()}
      data-testid="verify-resend"
    >
      {resting ? t('verify.resent_short') : t('verify.resend')}
    </Button>
  );
}

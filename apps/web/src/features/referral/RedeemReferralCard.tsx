import { REFERRAL } from '@mirage/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { TicketIcon } from '../../ui/icons.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { errorCode, useErrorText } from '../api/index.ts';
import { ME_QUERY_KEY } from '../session/index.ts';
import { fetchReferrals, redeemReferral, REFERRALS_KEY } from './api.ts';
import { canRedeem, canSubmitReferralCode } from './referral.ts';
import styles from './ReferralCards.module.css';

/**
 * The redeem-referral card (spec §2 Settings): names the account's referrer with the friend's code. Once
 * one is set the card says who; after the 30 days an account has for it, the card is not shown. Errors
 * (unknown code, own code, VPN…) show under the field.
 */
export function RedeemReferralCard() {
  const { t } = useTranslation('referral');
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [named, setNamed] = useState<string | null>(null);
  // The page's opening time: the deadline is days away, a render need not read the clock.
  const [openedAt] = useState(() => Date.now());
  // Page 0 of the share card's list: the same cached answer carries the referrer and the deadline.
  const referrals = useQuery({
    queryKey: [...REFERRALS_KEY, 0],
    queryFn: ({ signal }) => fetchReferrals(0, REFERRAL.pageSize, signal),
  });
  const redeem = useMutation({
    mutationFn: () => redeemReferral(typed.trim()),
    onSuccess: (answer) => {
      setNamed(answer.referrer);
      setTyped('');
      // A verified account got its tickets at once: the header's balance and the bell follow.
      void queryClient.invalidateQueries({ queryKey: REFERRALS_KEY });
      void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
    },
    onError: (caught) => setFailure(errorCode(caught)),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!canSubmitReferralCode(typed) || redeem.isPending) return;
    setFailure(null);
    redeem.mutate();
  }

  const data = referrals.data;
  if (!data) return null;
  const rewards = { referred: REFERRAL.referredTickets };
  if (data.referrer !== null || named !== null) {
    return (
      <Card title={t('redeem.title')} icon={<TicketIcon />} testId="redeem-referral-card">
        <Alert tone={named ? 'success' : 'info'} testId="referred-by">
          {named
            ? t('redeem.success', { referrer: named })
            : t('redeem.referred_by', { referrer: data.referrer })}
        </Alert>
      </Card>
    );
  }
  if (!canRedeem(data.redeem_until, openedAt)) return null;

  return (
    <Card
      title={t('redeem.title')}
      description={t('redeem.description', rewards)}
      icon={<TicketIcon />}
      testId="redeem-referral-card"
    >
      <form className={styles.form} onSubmit={submit} noValidate>
        <TextField
          className={styles.input}
          label={t('redeem.label')}
          value={typed}
          maxLength={64}
          autoComplete="off"
          spellCheck={false}
          placeholder="ABCD2345"
          onChange={(event) => {
            setTyped(event.target.value);
            setFailure(null);
          }}
          error={failure ? errorText(failure) : null}
          testId="redeem-referral-input"
        />
        <Button
          type="submit"
          variant="primary"
          className={styles.submit}
          disabled={!canSubmitReferralCode(typed) || redeem.isPending}
          data-testid="redeem-referral-submit"
        >
          {t('redeem.submit')}
        </Button>
      </form>
    </Card>
  );
}

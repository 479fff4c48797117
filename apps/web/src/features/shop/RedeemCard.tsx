import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { TicketIcon } from '../../ui/icons.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { ApiError, errorCode, useErrorText } from '../api/index.ts';
import { ME_QUERY_KEY, useSession } from '../session/index.ts';
import { fetchResellers, redeemSerialKey, type RedeemAnswer } from './api.ts';
import { SUBSCRIPTION_KEY } from './PremiumCard.tsx';
import {
  canSubmitKey,
  conflictValue,
  isRedeemConflict,
  REDEEM_DISABLE_MS,
  type RedeemConflictCode,
} from './redeem.ts';
import { RedeemConflictDialog } from './RedeemConflictDialog.tsx';
import { ResellerGuideDialog } from './ResellerGuideDialog.tsx';
import styles from './RedeemCard.module.css';

export const RESELLERS_KEY = ['resellers'] as const;

export interface RedeemConflict {
  code: RedeemConflictCode;
  duration: number;
  tickets: number;
}

/**
 * The serial-key redeem card (spec §2 Settings, §4 Redeem; docs/product/commerce.md#serial-keys), in
 * /settings and in the shop. Signed out, submitting goes to sign-up. A conflict opens the redeem-conflicts
 * modal; any other error shows inline.
 */
export function RedeemCard() {
  const { t } = useTranslation('shop');
  const errorText = useErrorText();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { signedIn } = useSession();
  const selectId = useId();
  const resellers = useQuery({
    queryKey: RESELLERS_KEY,
    queryFn: ({ signal }) => fetchResellers(signal),
    staleTime: 5 * 60_000,
  });
  const names = resellers.data?.resellers.map((reseller) => reseller.name) ?? [];
  const [typed, setTyped] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const reseller = chosen && names.includes(chosen) ? chosen : (names[0] ?? null);
  const [coolingDown, setCoolingDown] = useState(false);
  const [done, setDone] = useState<RedeemAnswer | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [conflict, setConflict] = useState<RedeemConflict | null>(null);
  const [guideOpen, setGuideOpen] = useState(false);

  useEffect(() => {
    if (!coolingDown) return;
    const timer = window.setTimeout(() => setCoolingDown(false), REDEEM_DISABLE_MS);
    return () => window.clearTimeout(timer);
  }, [coolingDown]);

  const redeem = useMutation({
    mutationFn: ({ confirm }: { confirm: boolean }) => redeemSerialKey(reseller ?? '', typed.trim(), confirm),
    onSuccess: (answer) => {
      setConflict(null);
      setDone(answer);
      setTyped('');
      // Tickets, and the plan when Pro days came back: the shell's counters and the Pro styles follow.
      void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_KEY });
    },
    onError: (caught) => {
      const code = errorCode(caught);
      if (isRedeemConflict(code)) {
        setConflict({ code, ...conflictValue(caught instanceof ApiError ? caught.data : undefined) });
      } else {
        setConflict(null);
        setFailure(code);
      }
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!signedIn) {
      void navigate('/account/signup');
      return;
    }
    if (!canSubmitKey(typed) || !reseller) return;
    setCoolingDown(true);
    setDone(null);
    setFailure(null);
    redeem.mutate({ confirm: false });
  }

  // Nothing to redeem here until the operator has minted keys for a reseller (or linked one).
  if (names.length === 0) return null;

  return (
    <Card
      title={t('redeem.title')}
      description={t('redeem.description')}
      icon={<TicketIcon />}
      testId="redeem-card"
    >
      <form className={styles.form} onSubmit={submit} noValidate>
        {names.length > 1 && (
          <label className={styles.select} htmlFor={selectId}>
            {t('redeem.reseller')}
            <select
              id={selectId}
              value={reseller ?? ''}
              onChange={(event) => setChosen(event.target.value)}
              data-testid="redeem-reseller"
            >
              {names.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </label>
        )}
        <div className={styles.row}>
          <TextField
            className={styles.key}
            label={t('redeem.label')}
            value={typed}
            maxLength={64}
            autoComplete="off"
            spellCheck={false}
            placeholder="XXXX-XXXX-XXXX-XXXX"
            onChange={(event) => {
              setTyped(event.target.value);
              setFailure(null);
            }}
            error={failure ? errorText(failure) : null}
            testId="redeem-input"
          />
          <Button
            type="submit"
            variant="primary"
            className={styles.submit}
            disabled={!canSubmitKey(typed) || coolingDown || redeem.isPending}
            data-testid="redeem-submit"
          >
            {t('redeem.submit')}
          </Button>
        </div>
        {done && (
          <Alert tone="success" testId="redeem-success">
            {t('redeem.success', { count: done.tickets })}
            {done.duration !== undefined && ` ${t('redeem.proDays', { count: done.duration })}`}
          </Alert>
        )}
        <button type="button" className={styles.guideLink} onClick={() => setGuideOpen(true)}>
          {t('redeem.guideLink')}
        </button>
      </form>
      <RedeemConflictDialog
        conflict={conflict}
        pending={redeem.isPending}
        onConfirm={() => redeem.mutate({ confirm: true })}
        onKeep={() => setConflict(null)}
      />
      <ResellerGuideDialog
        open={guideOpen}
        onOpenChange={setGuideOpen}
        resellers={resellers.data?.resellers ?? []}
      />
    </Card>
  );
}

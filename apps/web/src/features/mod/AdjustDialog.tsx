import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { notify } from '../../ui/notice.ts';
import { Segmented } from '../../ui/Segmented.tsx';
import { adjustBalance } from './api.ts';
import { noteProblem, parseDelta } from './model.ts';
import { MOD_KEY } from './queries.ts';
import { ErrorNotice, NoteField } from './shared.tsx';
import fields from './Fields.module.css';
import styles from './Mod.module.css';

type Currency = 'tickets' | 'energy';

/** An admin's ticket or energy adjustment through the ledger (docs/product/moderation-console.md#accounts). */
export function AdjustDialog({
  userId,
  username,
  open,
  onOpenChange,
}: {
  userId: number;
  username: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('mod');
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('action.adjust.title', { username })}
      description={t('action.adjust.text')}
      testId="mod-adjust-dialog"
    >
      {/* Mounted again on each opening: a fresh form and a fresh request id. */}
      {open && <AdjustForm userId={userId} onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function AdjustForm({ userId, onDone }: { userId: number; onDone: () => void }) {
  const { t } = useTranslation('mod');
  const queryClient = useQueryClient();
  const deltaId = useId();
  // One id per opening: a retry of the same adjustment (a lost answer, a double click) posts once.
  const [requestId] = useState(() => crypto.randomUUID());
  const [currency, setCurrency] = useState<Currency>('tickets');
  const [deltaText, setDeltaText] = useState('');
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  const mutation = useMutation({
    mutationFn: (body: { currency: Currency; delta: number; note: string }) =>
      adjustBalance(userId, { ...body, request_id: requestId }),
    onSuccess: (answer) => {
      notify(t(answer.replayed ? 'action.adjust.replayed' : 'action.adjust.done'), 'success');
      void queryClient.invalidateQueries({ queryKey: MOD_KEY });
      onDone();
    },
  });
  const delta = parseDelta(deltaText);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (delta === null || noteProblem(note, true) || mutation.isPending) return;
    mutation.mutate({ currency, delta, note: note.trim() });
  };
  const deltaInvalid = tried && delta === null;
  return (
    <form className={styles.dialogBody} onSubmit={submit} noValidate>
      <Segmented
        legend={t('action.adjust.currency')}
        value={currency}
        options={(['tickets', 'energy'] as const).map((value) => ({
          value,
          label: t(`users.currency.${value}`),
        }))}
        onChange={setCurrency}
      />
      <div className={fields.field}>
        <label htmlFor={deltaId} className={fields.fieldLabel}>
          {t('action.adjust.delta')}
        </label>
        <input
          id={deltaId}
          className={fields.input}
          inputMode="numeric"
          value={deltaText}
          aria-invalid={deltaInvalid ? true : undefined}
          aria-describedby={deltaInvalid ? `${deltaId}-error` : undefined}
          data-testid="mod-adjust-delta"
          onChange={(event) => setDeltaText(event.target.value)}
        />
        {deltaInvalid && (
          <span id={`${deltaId}-error`} className={fields.fieldError}>
            {t('action.adjust.delta_invalid')}
          </span>
        )}
      </div>
      <NoteField value={note} onChange={setNote} label={t('note.reason')} required showProblem={tried} />
      {mutation.error ? <ErrorNotice error={mutation.error} /> : null}
      <div className={styles.dialogActions}>
        <Button type="button" variant="ghost" onClick={onDone} disabled={mutation.isPending}>
          {t('cancel')}
        </Button>
        <Button type="submit" variant="primary" pending={mutation.isPending} data-testid="mod-dialog-submit">
          {t('action.adjust.button')}
        </Button>
      </div>
    </form>
  );
}

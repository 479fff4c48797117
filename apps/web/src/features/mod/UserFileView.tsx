import type { StaffArea } from '@mirage/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { notify } from '../../ui/notice.ts';
import { PageSpinner } from '../../ui/Spinner.tsx';
import { AdjustDialog } from './AdjustDialog.tsx';
import { restrictUser, type Restriction, type UserFile } from './api.ts';
import { AuditTable } from './AuditTable.tsx';
import { accountStatus } from './model.ts';
import { NoteDialog } from './NoteDialog.tsx';
import { MOD_KEY, useUserFile } from './queries.ts';
import { ErrorNotice, useFormatDate } from './shared.tsx';
import styles from './Mod.module.css';

/** One account's file: status, roles, balances and ledger, sessions, strikes, console history, and actions. */
export function UserFileView({
  id,
  areas,
  onBack,
}: {
  id: number;
  areas: readonly StaffArea[];
  onBack: () => void;
}) {
  const { t } = useTranslation('mod');
  const file = useUserFile(id);
  return (
    <section
      className={`${styles.card} ${styles.userFile}`}
      aria-label={file.data?.username}
      data-testid="mod-user-file"
    >
      <Button variant="ghost" size="sm" onClick={onBack}>
        {t('users.back')}
      </Button>
      {file.isPending ? (
        <PageSpinner label={t('loading')} />
      ) : file.isError ? (
        <ErrorNotice error={file.error} onRetry={() => void file.refetch()} />
      ) : (
        <FileBody user={file.data} areas={areas} />
      )}
    </section>
  );
}

function FileBody({ user, areas }: { user: UserFile; areas: readonly StaffArea[] }) {
  const { t } = useTranslation('mod');
  const formatDate = useFormatDate();
  const status = accountStatus(user);
  // Tickets and energy by their interface names; any other ledger currency as the server names it.
  const currencyName = (currency: string) =>
    currency === 'tickets' || currency === 'energy' ? t(`users.currency.${currency}`) : currency;
  return (
    <>
      <h2 className={styles.cardTitle}>
        {user.username} <span className={styles.muted}>#{user.id}</span>
        <span className={styles.badge} data-testid="mod-user-status">
          {t(`users.status.${status}`)}
        </span>
      </h2>
      <p className={styles.muted}>
        {user.email} · {t(user.email_verified_at ? 'users.email_verified' : 'users.email_unverified')} ·{' '}
        {t('users.joined', { date: formatDate(user.created_at) })}
      </p>
      <p>
        {t('users.plan', { plan: user.plan })}
        {user.pro_expire && <> · {t('users.pro_until', { date: formatDate(user.pro_expire) })}</>}
      </p>
      <p>
        {t('users.roles')}: {user.roles.length > 0 ? user.roles.join(', ') : t('users.no_roles')}
      </p>
      <p>
        {t('users.sessions', { sessions: user.sessions })} · {t('users.strikes', { strikes: user.strikes })}
      </p>
      {(areas.includes('restrictions') || areas.includes('balances')) && (
        <UserActions user={user} areas={areas} />
      )}
      <h3 className={styles.subTitle}>{t('users.balances')}</h3>
      <ul className={styles.inlineList}>
        {user.balances.map((balance) => (
          <li key={balance.currency}>
            {currencyName(balance.currency)}: <strong>{balance.balance}</strong>
          </li>
        ))}
      </ul>
      <h3 className={styles.subTitle}>{t('users.ledger')}</h3>
      {user.ledger.length === 0 ? (
        <p className={styles.muted}>{t('users.no_ledger')}</p>
      ) : (
        <ul className={styles.ledger}>
          {user.ledger.map((entry) => (
            <li key={entry.id}>
              <span className={styles.muted}>{formatDate(entry.created_at)}</span>{' '}
              <strong>
                {entry.delta > 0 ? '+' : ''}
                {entry.delta} {currencyName(entry.currency)}
              </strong>{' '}
              {entry.reason}
            </li>
          ))}
        </ul>
      )}
      <h3 className={styles.subTitle}>{t('users.audit')}</h3>
      {user.audit.length === 0 ? (
        <p className={styles.muted}>{t('users.no_audit')}</p>
      ) : (
        <AuditTable entries={user.audit} />
      )}
    </>
  );
}

function UserActions({ user, areas }: { user: UserFile; areas: readonly StaffArea[] }) {
  const { t } = useTranslation('mod');
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<Restriction | null>(null);
  const [adjusting, setAdjusting] = useState(false);
  const restrict = useMutation({
    mutationFn: ({ action, note }: { action: Restriction; note: string }) =>
      restrictUser(action, user.id, note),
    onSuccess: (_answer, { action }) => {
      setDialog(null);
      notify(t(`action.${action}.done`), 'success');
      void queryClient.invalidateQueries({ queryKey: MOD_KEY });
    },
  });
  const actions: Restriction[] = areas.includes('restrictions')
    ? [user.muted_at ? 'unmute' : 'mute', user.banned_at ? 'unban' : 'ban', 'revoke']
    : [];
  const open = (action: Restriction) => {
    restrict.reset();
    setDialog(action);
  };
  return (
    <>
      <h3 className={styles.subTitle}>{t('users.actions')}</h3>
      <div className={styles.actions}>
        {actions.map((action) => (
          <Button
            key={action}
            size="sm"
            variant={action === 'ban' ? 'danger' : 'secondary'}
            onClick={() => open(action)}
            data-testid={`mod-action-${action}`}
          >
            {t(`action.${action}.button`)}
          </Button>
        ))}
        {areas.includes('balances') && (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => setAdjusting(true)}
            data-testid="mod-action-adjust"
          >
            {t('action.adjust.button')}
          </Button>
        )}
      </div>
      <NoteDialog
        open={dialog !== null}
        onOpenChange={(next) => !next && setDialog(null)}
        title={dialog ? t(`action.${dialog}.title`, { username: user.username }) : ''}
        description={dialog ? t(`action.${dialog}.text`) : undefined}
        label={t('note.reason')}
        confirm={dialog ? t(`action.${dialog}.button`) : ''}
        variant={dialog === 'ban' ? 'danger' : 'primary'}
        pending={restrict.isPending}
        error={restrict.error}
        onSubmit={(note) => dialog && restrict.mutate({ action: dialog, note })}
      />
      {areas.includes('balances') && (
        <AdjustDialog
          userId={user.id}
          username={user.username}
          open={adjusting}
          onOpenChange={setAdjusting}
        />
      )}
    </>
  );
}

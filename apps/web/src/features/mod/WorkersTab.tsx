import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { notify } from '../../ui/notice.ts';
import { NoteDialog } from './NoteDialog.tsx';
import {
  issueWorkerToken,
  revokeWorker,
  useWorkers,
  type IssuedToken,
  type StaffWorker,
} from './operations-api.ts';
import { isWorkerName } from './operations-model.ts';
import { MOD_KEY } from './queries.ts';
import { ErrorNotice, QueryStates, useFormatDate } from './shared.tsx';
import { StackedTable } from './StackedTable.tsx';
import fields from './Fields.module.css';
import styles from './Mod.module.css';

/**
 * Workers (docs/product/moderation-console.md#workers), admins only: each worker's live status (asked for
 * again every few seconds while the tab is open), a new token (shown once), and revocation.
 */
export function WorkersTab() {
  const { t } = useTranslation('mod');
  const workers = useWorkers();
  const queryClient = useQueryClient();
  const [revoking, setRevoking] = useState<StaffWorker | null>(null);
  const revoke = useMutation({
    mutationFn: ({ worker, note }: { worker: StaffWorker; note: string }) => revokeWorker(worker.id, note),
    onSuccess: () => {
      setRevoking(null);
      notify(t('workers.revoked_done'), 'success');
      void queryClient.invalidateQueries({ queryKey: MOD_KEY });
    },
  });
  return (
    <div className={styles.tab}>
      <IssueTokenForm />
      <QueryStates query={workers} items={workers.data?.items ?? []} empty={t('workers.empty')}>
        {(items) => (
          <WorkerTable
            workers={items}
            onRevoke={(worker) => {
              revoke.reset();
              setRevoking(worker);
            }}
          />
        )}
      </QueryStates>
      <NoteDialog
        open={revoking !== null}
        onOpenChange={(open) => {
          if (!open) setRevoking(null);
        }}
        title={t('workers.revoke_title', { name: revoking?.name ?? '' })}
        description={t('workers.revoke_text')}
        label={t('note.reason')}
        confirm={t('workers.revoke')}
        variant="danger"
        pending={revoke.isPending}
        error={revoke.error}
        onSubmit={(note) => revoking && revoke.mutate({ worker: revoking, note })}
      />
    </div>
  );
}

function WorkerTable({
  workers,
  onRevoke,
}: {
  workers: readonly StaffWorker[];
  onRevoke: (worker: StaffWorker) => void;
}) {
  const { t } = useTranslation('mod');
  const formatDate = useFormatDate();
  const columns = {
    name: t('workers.name'),
    status: t('workers.status'),
    engine: t('workers.engine'),
    seen: t('workers.last_seen'),
    job: t('workers.job'),
    done: t('workers.jobs'),
  };
  return (
    <StackedTable
      columns={columns}
      actionsLabel={t('workers.actions')}
      aria-describedby="mod-workers-live"
      caption={
        <caption id="mod-workers-live" className={styles.muted}>
          {t('workers.live')}
        </caption>
      }
    >
      {workers.map((worker) => (
        <tr key={worker.id} data-testid="mod-worker" data-presence={worker.presence}>
          <td data-label={columns.name}>{worker.name}</td>
          <td data-label={columns.status}>
            <span className={styles.badge}>{t(`workers.presence.${worker.presence}`)}</span>
          </td>
          <td data-label={columns.engine}>
            {worker.engine ?? '—'}
            {worker.capabilities && (
              <details className={styles.disclosure}>
                <summary>{t('workers.capabilities')}</summary>
                <pre>{JSON.stringify(worker.capabilities, null, 2)}</pre>
              </details>
            )}
          </td>
          <td data-label={columns.seen}>
            {worker.last_seen_at ? formatDate(worker.last_seen_at) : t('workers.never')}
          </td>
          <td data-label={columns.job}>
            {worker.job
              ? t('workers.job_value', {
                  type: worker.job.type,
                  step: worker.job.progress_step,
                  max: worker.job.progress_max,
                })
              : '—'}
          </td>
          <td data-label={columns.done}>
            {t('workers.jobs_value', { done: worker.jobs_done, failed: worker.jobs_failed })}
          </td>
          <td>
            {worker.presence !== 'revoked' && (
              <Button
                size="sm"
                variant="secondary"
                aria-label={t('workers.revoke_named', { name: worker.name })}
                onClick={() => onRevoke(worker)}
                data-testid="mod-worker-revoke"
              >
                {t('workers.revoke')}
              </Button>
            )}
          </td>
        </tr>
      ))}
    </StackedTable>
  );
}

/** A new worker, or a new token for one: the token is shown once, with a copy button. */
function IssueTokenForm() {
  const { t } = useTranslation('mod');
  const id = useId();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [tried, setTried] = useState(false);
  const [issued, setIssued] = useState<IssuedToken | null>(null);
  const issue = useMutation({
    mutationFn: (workerName: string) => issueWorkerToken(workerName),
    onSuccess: (answer) => {
      setIssued(answer);
      setName('');
      setTried(false);
      void queryClient.invalidateQueries({ queryKey: MOD_KEY });
    },
  });
  const invalid = !isWorkerName(name);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (invalid || issue.isPending) return;
    setIssued(null);
    issue.mutate(name.trim());
  };
  const copy = async (token: string) => {
    try {
      await navigator.clipboard.writeText(token);
      notify(t('workers.copied'), 'success');
    } catch {
      notify(t('workers.copy_failed'), 'error');
    }
  };
  const problem = tried && invalid;
  return (
    <section aria-labelledby={`${id}-title`} className={styles.card}>
      <h2 id={`${id}-title`} className={styles.cardTitle}>
        {t('workers.issue_title')}
      </h2>
      <form className={styles.searchForm} onSubmit={submit} noValidate>
        <div className={fields.field}>
          <label htmlFor={`${id}-name`} className={fields.fieldLabel}>
            {t('workers.name')}
          </label>
          <input
            id={`${id}-name`}
            className={fields.input}
            value={name}
            maxLength={40}
            autoComplete="off"
            aria-invalid={problem ? true : undefined}
            aria-describedby={`${id}-hint`}
            data-testid="mod-worker-name"
            onChange={(event) => setName(event.target.value)}
          />
          <span
            id={`${id}-hint`}
            className={problem ? fields.fieldError : fields.fieldHint}
            aria-live="polite"
          >
            {problem ? t('workers.name_problem') : t('workers.name_hint')}
          </span>
        </div>
        <Button type="submit" variant="primary" pending={issue.isPending} data-testid="mod-worker-issue">
          {t('workers.issue')}
        </Button>
      </form>
      {issue.error ? <ErrorNotice error={issue.error} /> : null}
      {issued && (
        <Alert tone="success" testId="mod-worker-token">
          <p>
            {t(issued.replaced ? 'workers.issued_replaced' : 'workers.issued_new', { name: issued.name })}
          </p>
          <p>
            <code data-testid="mod-worker-token-value">{issued.token}</code>
          </p>
          <p>{t('workers.shown_once')}</p>
          <Button size="sm" variant="secondary" onClick={() => void copy(issued.token)}>
            {t('workers.copy')}
          </Button>
        </Alert>
      )}
    </section>
  );
}

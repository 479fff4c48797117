import { REPORT_REASONS, type ReportOutcome } from '@mirage/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { notify } from '../../ui/notice.ts';
import { approveReport, rejectReport, type ReportState, type StaffReport } from './api.ts';
import { noteProblem, optionalNote } from './model.ts';
import { MOD_KEY, useReports } from './queries.ts';
import { CardQueue, ErrorNotice, NoteField, Preview, StateFilter, useFormatDate } from './shared.tsx';
import styles from './Mod.module.css';

const STATES = ['open', 'approved', 'rejected'] as const satisfies readonly ReportState[];

/** The report queue (docs/product/moderation-console.md#reports): open reports oldest first, or decided ones. */
export function ReportsTab() {
  const { t } = useTranslation('mod');
  const [state, setState] = useState<ReportState>('open');
  const reports = useReports(state);
  return (
    <div className={styles.tab}>
      <div className={styles.toolbar}>
        <StateFilter
          label={t('reports.show')}
          value={state}
          options={STATES.map((value) => ({ value, label: t(`reports.state.${value}`) }))}
          onChange={setState}
        />
        {/* Whether a reported or mailed-in image was made here (issue 18 §2). */}
        <Link to="/provenance" className={styles.toolLink} data-testid="mod-provenance-link">
          {t('reports.provenance')}
        </Link>
      </div>
      <CardQueue query={reports} empty={t('reports.empty')} testId="mod-reports">
        {(report) => <ReportCard report={report} />}
      </CardQueue>
    </div>
  );
}

function ReportCard({ report }: { report: StaffReport }) {
  const { t } = useTranslation(['mod', 'image']);
  const formatDate = useFormatDate();
  const queryClient = useQueryClient();
  const [note, setNote] = useState('');
  const [confirmRemove, setConfirmRemove] = useState(false);
  const decide = useMutation({
    mutationFn: async (decision: ReportOutcome | 'reject') => {
      if (decision === 'reject') await rejectReport(report.id, optionalNote(note));
      else await approveReport(report.id, decision, optionalNote(note));
    },
    onSuccess: (_answer, decision) => {
      setConfirmRemove(false);
      notify(t(decision === 'reject' ? 'reports.rejected_done' : 'reports.approved_done'), 'success');
      void queryClient.invalidateQueries({ queryKey: MOD_KEY });
    },
  });
  const reason = (REPORT_REASONS as readonly string[]).includes(report.reason)
    ? t(`image:report.${report.reason as (typeof REPORT_REASONS)[number]}`)
    : report.reason;
  const noteInvalid = noteProblem(note, false) !== null;
  const run = (decision: ReportOutcome | 'reject') => {
    if (!noteInvalid && !decide.isPending) decide.mutate(decision);
  };
  const titleId = `mod-report-${report.id}`;
  return (
    <article
      className={styles.card}
      aria-labelledby={titleId}
      data-testid="mod-report"
      data-report-id={report.id}
    >
      <div className={styles.reportGrid}>
        <div className={styles.thumb}>
          <Preview uuid={report.image.uuid} alt={report.image.prompt} />
        </div>
        <div className={styles.details}>
          <h2 id={titleId} className={styles.cardTitle}>
            {reason}
            {report.image.hidden && <span className={styles.badge}>{t('reports.hidden')}</span>}
          </h2>
          <p className={styles.prompt}>
            <span className={styles.term}>{t('reports.prompt')}: </span>
            {report.image.prompt}
          </p>
          <dl className={styles.facts}>
            <div>
              <dt>{t('reports.reporter')}</dt>
              <dd>
                {report.reporter.username}{' '}
                <span className={styles.muted}>({t('reports.reporter_record', report.reporter)})</span>
              </dd>
            </div>
            <div>
              <dt>{t('reports.owner')}</dt>
              <dd>
                {report.owner.username}{' '}
                <span className={styles.muted}>
                  ({t('reports.owner_record', { upheld: report.owner.upheld })})
                </span>
              </dd>
            </div>
          </dl>
          <p className={styles.muted}>
            {t('reports.reported_at', { date: formatDate(report.created_at) })}
            {report.state === 'open' && <> · {t('reports.open_on_image', { open: report.open_on_image })}</>}
          </p>
          {report.resolved_at && (
            <p className={styles.muted}>
              {t('reports.decided', {
                name: report.resolved_by ?? '—',
                date: formatDate(report.resolved_at),
              })}
            </p>
          )}
        </div>
      </div>
      {report.state === 'open' && (
        <div className={styles.decision}>
          <NoteField
            value={note}
            onChange={setNote}
            label={t('note.optional')}
            required={false}
            showProblem={noteInvalid}
            testId="mod-report-note"
          />
          {decide.error ? <ErrorNotice error={decide.error} /> : null}
          <div className={styles.actions}>
            <Button
              variant="primary"
              size="sm"
              onClick={() => run('hide')}
              pending={decide.isPending && decide.variables === 'hide'}
              disabled={decide.isPending}
              data-testid="mod-approve-hide"
            >
              {t('reports.approve_hide')}
            </Button>
            <Button
              variant="danger"
              size="sm"
              onClick={() => !noteInvalid && setConfirmRemove(true)}
              disabled={decide.isPending}
              data-testid="mod-approve-remove"
            >
              {t('reports.approve_remove')}
            </Button>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => run('reject')}
              pending={decide.isPending && decide.variables === 'reject'}
              disabled={decide.isPending}
              data-testid="mod-reject"
            >
              {t('reports.reject')}
            </Button>
          </div>
        </div>
      )}
      <Dialog
        open={confirmRemove}
        onOpenChange={setConfirmRemove}
        title={t('reports.remove_title')}
        description={t('reports.remove_text')}
        testId="mod-remove-dialog"
      >
        {confirmRemove && decide.error ? <ErrorNotice error={decide.error} /> : null}
        <div className={styles.dialogActions}>
          <Button variant="ghost" onClick={() => setConfirmRemove(false)} disabled={decide.isPending}>
            {t('cancel')}
          </Button>
          <Button
            variant="danger"
            onClick={() => run('remove')}
            pending={decide.isPending}
            data-testid="mod-remove-confirm"
          >
            {t('reports.remove_confirm')}
          </Button>
        </div>
      </Dialog>
    </article>
  );
}

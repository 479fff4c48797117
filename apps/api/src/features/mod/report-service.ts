import type { ReportOutcome } from '@mirage/domain';
import type { DB } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { appendEvent } from '../outbox/index.ts';
import type { StaffActor } from './actor.ts';
import { appendAudit } from './audit-repository.ts';
import type { ModReportRepository, ReportState } from './report-repository.ts';

export interface ModReportServiceDeps {
  db: DB;
  reports: ModReportRepository;
  /** The image deletion every removal goes through (row, then every file variant). */
  removeImage: (image: { id: number; uuid: string }) => Promise<void>;
  now: () => Date;
}

/**
 * The report queue (docs/product/moderation-console.md#reports). Upholding a report decides every open
 * report of the same image: the image is hidden (or removed), each reporter is credited once through the
 * `report.approved` event (player projector: approved_reports and XP), and the audit log records it — all
 * in one transaction, so a decision and its credit never part.
 */
export function createModReportService(deps: ModReportServiceDeps) {
  const { db, reports, now } = deps;

  /** Locks image then report (the order the owner's delete and a new report take: no deadlock). */
  async function lockOpen(trx: DB, reportId: number) {
    const image = await reports.imageOf(trx, reportId);
    const report = await reports.lock(trx, reportId);
    if (!image || !report) throw new AppError('not_found');
    if (report.state !== 'open') throw new AppError('report_not_open');
    return { image, report };
  }

  return {
    list: (state: ReportState, limit: number, offset: number) => reports.list(state, limit, offset),

    async approve(actor: StaffActor, reportId: number, outcome: ReportOutcome, note: string | null) {
      const at = now();
      const decided = await db.transaction().execute(async (trx) => {
        const { image } = await lockOpen(trx, reportId);
        const upheld = await reports.approveOpenOf(trx, image.id, actor.id, at);
        // A report of one's own image earns nothing (it would be a way to farm XP).
        for (const report of upheld.filter((row) => row.user_id !== image.user_id)) {
          await appendEvent(
            trx,
            {
              type: 'report.approved',
              payload: { reportId: report.id, reporterId: report.user_id, imageId: image.id },
            },
            { dedupeKey: `report.approved:${report.id}` },
          );
        }
        // Removal hides first, in this transaction: if the deletion after it fails, the image is at least
        // out of sight, and a retry of the removal finds it hidden.
        const hidden = await reports.hideImage(trx, image.id, at);
        await appendAudit(trx, {
          actor,
          action: 'report_approved',
          target: { type: 'report', id: reportId },
          note,
          detail: {
            image: image.uuid,
            outcome,
            owner_id: String(hidden.ownerId),
            reports: upheld.map((report) => report.id),
          },
          at,
        });
        return { image, upheld: upheld.length };
      });
      if (outcome === 'remove') await deps.removeImage(decided.image);
      return { reports: decided.upheld, outcome };
    },

    async reject(actor: StaffActor, reportId: number, note: string | null) {
      const at = now();
      await db.transaction().execute(async (trx) => {
        const { image } = await lockOpen(trx, reportId);
        await reports.reject(trx, reportId, actor.id, at);
        await appendAudit(trx, {
          actor,
          action: 'report_rejected',
          target: { type: 'report', id: reportId },
          note,
          detail: { image: image.uuid },
          at,
        });
      });
    },
  };
}
export type ModReportService = ReturnType<typeof createModReportService>;

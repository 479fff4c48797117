import { REPORT_REASONS, STANDALONE_UPSCALE_COST, type ReportReason } from '@mirage/domain';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import styles from './ImageDialogs.module.css';

interface ReportDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pending: boolean;
  /** Sends the report with the reason's flag (its index, PUT /api/action/report/{flag}); true when sent. */
  onSubmit: (flag: number) => Promise<boolean>;
}

/**
 * Report with a reason (docs/product/moderation.md#reports: PUT /api/action/report/{flag}; reasons:
 * REPORT_REASONS).
 */
export function ReportDialog({ open, onOpenChange, pending, onSubmit }: ReportDialogProps) {
  const { t } = useTranslation('image');
  const name = useId();
  const [reason, setReason] = useState<ReportReason>('general');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await onSubmit(REPORT_REASONS.indexOf(reason))) onOpenChange(false);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('report.title')}
      description={t('report.description')}
      testId="report-dialog"
    >
      <form className={styles.form} onSubmit={(event) => void submit(event)}>
        <fieldset className={styles.reasons}>
          <legend className="visually-hidden">{t('report.reason')}</legend>
          {REPORT_REASONS.map((value) => (
            <label key={value} className={styles.reason} data-checked={reason === value}>
              <input
                type="radio"
                name={name}
                value={value}
                checked={reason === value}
                onChange={() => setReason(value)}
                data-testid={`report-reason-${value}`}
              />
              <span className={styles.reasonText}>
                <span className={styles.reasonLabel}>{t(`report.${value}`)}</span>
                <span className={styles.reasonHint}>{t(`report.${value}_hint`)}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <div className={styles.buttons}>
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            {t('report.cancel')}
          </Button>
          <Button type="submit" variant="primary" pending={pending} data-testid="report-submit">
            {t('report.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

interface DeleteDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pending: boolean;
  onConfirm: () => void;
}

/** Confirms a delete (docs/product/image-viewer.md#image-menu: delete image). */
export function DeleteDialog({ open, onOpenChange, pending, onConfirm }: DeleteDialogProps) {
  const { t } = useTranslation('image');
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('delete.title')}
      description={t('delete.description')}
      testId="delete-dialog"
    >
      <div className={styles.buttons}>
        <Button variant="ghost" onClick={() => onOpenChange(false)} data-testid="delete-cancel">
          {t('delete.cancel')}
        </Button>
        <Button variant="danger" pending={pending} onClick={onConfirm} data-testid="delete-confirm">
          {t('delete.confirm')}
        </Button>
      </div>
    </Dialog>
  );
}

interface UpscaleDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pending: boolean;
  /** Asks for the upscale; true when the server took it. */
  onConfirm: () => Promise<boolean>;
}

/**
 * Confirms the ×2 upscale of an own image and its price (docs/product/image-viewer.md#image-menu: upscale
 * image).
 */
export function UpscaleDialog({ open, onOpenChange, pending, onConfirm }: UpscaleDialogProps) {
  const { t } = useTranslation('image');
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('upscale.title')}
      description={`${t('upscale.description')} ${t('upscale.cost', { count: STANDALONE_UPSCALE_COST })}`}
      testId="upscale-dialog"
    >
      <div className={styles.buttons}>
        <Button variant="ghost" onClick={() => onOpenChange(false)}>
          {t('upscale.cancel')}
        </Button>
        <Button
          variant="primary"
          pending={pending}
          onClick={() => void onConfirm().then((taken) => taken && onOpenChange(false))}
          data-testid="upscale-confirm"
        >
          {t('upscale.confirm')}
        </Button>
      </div>
    </Dialog>
  );
}

import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonVariant } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { noteProblem } from './model.ts';
import { ErrorNotice, NoteField } from './shared.tsx';
import styles from './Mod.module.css';

export interface NoteDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  /** The field's label. */
  label: string;
  confirm: string;
  variant?: ButtonVariant;
  pending: boolean;
  error: unknown;
  /** Called with the trimmed note once it is 3 to 500 characters long. */
  onSubmit: (note: string) => void;
}

/**
 * A small dialog asking for the written reason of an action (docs/product/moderation-console.md: every
 * action needs one). The field starts empty each time the dialog opens.
 */
export function NoteDialog(props: NoteDialogProps) {
  return (
    <Dialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={props.title}
      description={props.description}
      testId="mod-dialog"
    >
      {/* Mounted again on each opening, so that the note of a cancelled action is not offered again. */}
      {props.open && <NoteForm {...props} />}
    </Dialog>
  );
}

function NoteForm({
  label,
  confirm,
  variant = 'primary',
  pending,
  error,
  onSubmit,
  onOpenChange,
}: NoteDialogProps) {
  const { t } = useTranslation('mod');
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (noteProblem(note, true) || pending) return;
    onSubmit(note.trim());
  };
  return (
    <form className={styles.dialogBody} onSubmit={submit} noValidate>
      <NoteField value={note} onChange={setNote} label={label} required showProblem={tried} />
      {error ? <ErrorNotice error={error} /> : null}
      <div className={styles.dialogActions}>
        <Button type="button" variant="ghost" onClick={() => onOpenChange(false)} disabled={pending}>
          {t('cancel')}
        </Button>
        <Button type="submit" variant={variant} pending={pending} data-testid="mod-dialog-submit">
          {confirm}
        </Button>
      </div>
    </form>
  );
}

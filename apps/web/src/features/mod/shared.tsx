/** Small pieces every console tab uses: the error notice, dates, the note field and the state filter. */
import { useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { errorCode, useErrorText } from '../api/index.ts';
import { noteProblem, previewOf } from './model.ts';
import fields from './Fields.module.css';
import styles from './Mod.module.css';

/** An API error in the user's language (codes of the `error` namespace), with an optional retry. */
export function ErrorNotice({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation('mod');
  const errorText = useErrorText();
  return (
    <div className={styles.errorRow}>
      <Alert testId="mod-error">{errorText(errorCode(error))}</Alert>
      {onRetry && (
        <Button variant="secondary" size="sm" onClick={onRetry}>
          {t('retry')}
        </Button>
      )}
    </div>
  );
}

/** Formats an ISO instant as a short date and time in the interface language. */
export function useFormatDate(): (iso: string) => string {
  const { i18n } = useTranslation();
  return useCallback(
    (iso: string) =>
      new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(iso),
      ),
    [i18n.language],
  );
}

/**
 * A written reason or note: a labelled textarea with its length hint; the problem (too short, too long) is
 * shown once `showProblem` is set, after a first submit, so that an empty field does not scold at once.
 */
export function NoteField({
  value,
  onChange,
  label,
  required,
  showProblem,
  testId = 'mod-note',
}: {
  value: string;
  onChange: (value: string) => void;
  label: string;
  required: boolean;
  showProblem: boolean;
  testId?: string;
}) {
  const { t } = useTranslation('mod');
  const id = useId();
  const problem = showProblem ? noteProblem(value, required) : null;
  return (
    <div className={fields.field}>
      <label htmlFor={id} className={fields.fieldLabel}>
        {label}
      </label>
      <textarea
        id={id}
        className={fields.textarea}
        value={value}
        rows={2}
        maxLength={600}
        required={required}
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${id}-hint`}
        data-testid={testId}
        onChange={(event) => onChange(event.target.value)}
      />
      <span id={`${id}-hint`} className={problem ? fields.fieldError : fields.fieldHint}>
        {problem ? t(`note.${problem}`) : t('note.hint')}
      </span>
    </div>
  );
}

/** A row of choices (open / decided states) drawn as pressed toggle buttons. */
export function StateFilter<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
}) {
  return (
    <div role="group" aria-label={label} className={styles.filter}>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          className={styles.filterButton}
          aria-pressed={option.value === value}
          data-testid={`mod-filter-${option.value}`}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}

/** A reported or held image's thumbnail for staff, or a placeholder when there is none to show. */
export function Preview({ uuid, alt }: { uuid: string; alt: string }) {
  const { t } = useTranslation('mod');
  const [failed, setFailed] = useState(false);
  if (failed) return <span className={styles.thumbPlaceholder}>{t('reports.no_preview')}</span>;
  return (
    <img
      src={previewOf(uuid)}
      alt={alt}
      loading="lazy"
      width={120}
      height={120}
      onError={() => setFailed(true)}
    />
  );
}

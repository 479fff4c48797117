import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { EventFormProblem } from './commerce-model.ts';
import fields from './Fields.module.css';

/** One field of the event form: its label, the input, and its hint or problem (named once submitted). */
export function FormField({
  label,
  value,
  onChange,
  problem,
  hint,
  type = 'text',
  multiline = false,
  required = true,
  lang,
  testId,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  problem: EventFormProblem | undefined;
  hint?: string;
  type?: 'text' | 'number' | 'datetime-local';
  multiline?: boolean;
  /** False for an optional field (a translation). */
  required?: boolean;
  /** The language of what is typed (a translation), for the browser's spelling check. */
  lang?: string;
  testId: string;
}) {
  const { t } = useTranslation('mod');
  const id = useId();
  const message = problem ? t(`events.problem.${problem}`) : hint;
  const common = {
    id,
    value,
    required,
    lang,
    'aria-invalid': problem ? true : undefined,
    'aria-describedby': message ? `${id}-hint` : undefined,
    'data-testid': testId,
  } as const;
  return (
    <div className={fields.field}>
      <label htmlFor={id} className={fields.fieldLabel}>
        {label}
      </label>
      {multiline ? (
        <textarea
          {...common}
          className={fields.textarea}
          rows={3}
          onChange={(event) => onChange(event.target.value)}
        />
      ) : (
        <input
          {...common}
          type={type}
          className={fields.input}
          {...(type === 'number' ? { min: 1, max: 1000, step: 1, inputMode: 'numeric' as const } : {})}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      {message && (
        <span id={`${id}-hint`} className={problem ? fields.fieldError : fields.fieldHint}>
          {message}
        </span>
      )}
    </div>
  );
}

import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './TextField.module.css';
import { AlertIcon, EyeIcon, EyeOffIcon } from './icons.tsx';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** Translated error message shown under the field; marks the input invalid. */
  error?: string | null;
  hint?: ReactNode;
  /** Rendered at the right of the label row (e.g. a "Forgot password?" link). */
  labelAside?: ReactNode;
  testId?: string;
}

export function TextField({
  label,
  error,
  hint,
  labelAside,
  testId,
  type = 'text',
  className,
  ...rest
}: TextFieldProps) {
  const id = useId();
  const { t } = useTranslation('common');
  const [revealed, setRevealed] = useState(false);
  const isPassword = type === 'password';
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = error ? errorId : hint ? hintId : undefined;

  return (
    <div className={[styles.field, className ?? ''].join(' ')}>
      <div className={styles.labelRow}>
        <label className={styles.label} htmlFor={id}>
          {label}
        </label>
        {labelAside}
      </div>
      <div className={styles.control}>
        <input
          id={id}
          type={isPassword && revealed ? 'text' : type}
          className={[styles.input, isPassword ? styles.withToggle : ''].join(' ')}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          data-testid={testId}
          {...rest}
        />
        {isPassword && (
          <button
            type="button"
            className={styles.toggle}
            onClick={() => setRevealed((value) => !value)}
            aria-label={revealed ? t('field.hide_password') : t('field.show_password')}
            aria-pressed={revealed}
          >
            {revealed ? <EyeOffIcon /> : <EyeIcon />}
          </button>
        )}
      </div>
      {hint && !error && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={styles.error}>
          <AlertIcon size={16} />
          <span>{error}</span>
        </p>
      )}
    </div>
  );
}

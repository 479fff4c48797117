import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LockIcon } from '../../ui/icons.tsx';
import { Switch } from '../../ui/Switch.tsx';
import styles from './SettingsPanel.module.css';

interface ToggleRowProps {
  label: string;
  hint?: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Off because of another option (the hint says which). */
  disabled?: boolean;
  /** The plan that unlocks it, when the user's plan does not include it. */
  lockedBy?: string | null;
  /** Extra tickets while on, e.g. "+4". */
  cost?: string | null;
  testId: string;
}

/** One on/off option of the settings panel, with its price, why it is off, and an upgrade link. */
export function ToggleRow({
  label,
  hint,
  checked,
  onChange,
  disabled,
  lockedBy,
  cost,
  testId,
}: ToggleRowProps) {
  const { t } = useTranslation('generator');
  const labelId = useId();
  const hintId = useId();
  return (
    <div className={styles.toggleRow} data-disabled={disabled || Boolean(lockedBy)}>
      <div className={styles.toggleText}>
        <span id={labelId} className={styles.toggleLabel}>
          {label}
          {cost && <span className={styles.cost}>{cost}</span>}
        </span>
        {lockedBy ? (
          <span id={hintId} className={styles.toggleHint}>
            <LockIcon size={13} /> {t('settings.needs_plan', { plan: lockedBy })} ·{' '}
            <Link to="/tickets" className={styles.upgrade}>
              {t('settings.upgrade')}
            </Link>
          </span>
        ) : (
          hint && (
            <span id={hintId} className={styles.toggleHint}>
              {hint}
            </span>
          )
        )}
      </div>
      <Switch
        checked={checked}
        onCheckedChange={onChange}
        disabled={disabled || Boolean(lockedBy)}
        aria-labelledby={labelId}
        aria-describedby={hintId}
        testId={testId}
      />
    </div>
  );
}

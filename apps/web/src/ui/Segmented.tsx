import { useId, type ReactNode } from 'react';
import styles from './Segmented.module.css';
import { LockIcon } from './icons.tsx';

export interface SegmentedOption<T extends string> {
  value: T;
  label: ReactNode;
  /** A second, smaller line (e.g. a size or a price). */
  detail?: ReactNode;
  /** Shown with a lock; choosing it calls onLocked instead of onChange. */
  locked?: boolean;
  disabled?: boolean;
  testId?: string;
}

interface SegmentedProps<T extends string> {
  legend: string;
  hideLegend?: boolean;
  value: T;
  options: readonly SegmentedOption<T>[];
  onChange: (value: T) => void;
  onLocked?: (value: T) => void;
  className?: string;
}

/** A row of mutually exclusive choices: native radio buttons (arrow keys, one tab stop) drawn as segments. */
export function Segmented<T extends string>({
  legend,
  hideLegend = false,
  value,
  options,
  onChange,
  onLocked,
  className,
}: SegmentedProps<T>) {
  const name = useId();
  return (
    <fieldset className={[styles.group, className ?? ''].join(' ')}>
      <legend className={hideLegend ? 'visually-hidden' : styles.legend}>{legend}</legend>
      <div className={styles.options}>
        {options.map((option) => (
          <label
            key={option.value}
            className={styles.option}
            data-checked={option.value === value}
            data-locked={option.locked ?? false}
            data-disabled={option.disabled ?? false}
            data-testid={option.testId}
          >
            <input
              type="radio"
              className={styles.input}
              name={name}
              value={option.value}
              checked={option.value === value}
              disabled={option.disabled}
              onChange={() => (option.locked ? onLocked?.(option.value) : onChange(option.value))}
            />
            <span className={styles.label}>
              {option.locked && <LockIcon size={14} />}
              {option.label}
            </span>
            {option.detail && <span className={styles.detail}>{option.detail}</span>}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

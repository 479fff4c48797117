import type { InputHTMLAttributes, ReactNode } from 'react';
import styles from './Checkbox.module.css';

interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
  description?: ReactNode;
  testId?: string;
}

export function Checkbox({ label, description, testId, className, ...rest }: CheckboxProps) {
  return (
    <label className={[styles.row, className ?? ''].join(' ')}>
      <input type="checkbox" className={styles.input} data-testid={testId} {...rest} />
      <span className={styles.text}>
        <span className={styles.label}>{label}</span>
        {description && <span className={styles.description}>{description}</span>}
      </span>
    </label>
  );
}

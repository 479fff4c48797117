import type { ButtonHTMLAttributes } from 'react';
import styles from './Switch.module.css';

interface SwitchProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onChange' | 'role'> {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  testId?: string;
}

/** An on/off switch; give it a name with aria-label or aria-labelledby. */
export function Switch({ checked, onCheckedChange, testId, className, ...rest }: SwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      className={[styles.switch, className ?? ''].join(' ')}
      onClick={() => onCheckedChange(!checked)}
      data-testid={testId}
      {...rest}
    />
  );
}

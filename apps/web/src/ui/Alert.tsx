import type { ReactNode } from 'react';
import styles from './Alert.module.css';
import { AlertIcon, CheckIcon, InfoIcon } from './icons.tsx';

interface AlertProps {
  tone?: 'error' | 'success' | 'info';
  children: ReactNode;
  testId?: string;
  className?: string;
}

/** Inline message. Errors are announced (role=alert); other tones are polite status messages. */
export function Alert({ tone = 'error', children, testId, className }: AlertProps) {
  const Icon = tone === 'error' ? AlertIcon : tone === 'success' ? CheckIcon : InfoIcon;
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={[styles.alert, styles[tone], className ?? ''].join(' ')}
      data-testid={testId}
    >
      <Icon size={18} />
      <div>{children}</div>
    </div>
  );
}

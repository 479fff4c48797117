import styles from './Spinner.module.css';

interface SpinnerProps {
  size?: number;
  /** Accessible label; when absent the spinner is decorative. */
  label?: string;
}

export function Spinner({ size = 24, label }: SpinnerProps) {
  return (
    <span
      className={styles.spinner}
      style={{ width: size, height: size, borderWidth: Math.max(2, Math.round(size / 12)) }}
      role={label ? 'status' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    />
  );
}

/** Centred spinner for a page area that is loading. */
export function PageSpinner({ label }: { label: string }) {
  return (
    <div className={styles.page}>
      <Spinner size={36} label={label} />
    </div>
  );
}

/** Full-screen loader shown until locale and user are loaded (matches the boot loader in index.html). */
export function FullPageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <div className={styles.full}>
      <Spinner size={40} label={label} />
    </div>
  );
}

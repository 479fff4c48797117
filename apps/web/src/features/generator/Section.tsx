import { useId, type ReactNode } from 'react';
import styles from './Section.module.css';

/** One panel of the generator: a small heading, something beside it, then the controls. */
export function Section({
  title,
  aside,
  children,
  testId,
  tour,
  className,
}: {
  title: string;
  aside?: ReactNode;
  children: ReactNode;
  testId?: string;
  /** The product tour's anchor (`data-tour`, features/onboarding/tour/steps.ts). */
  tour?: string;
  className?: string;
}) {
  const id = useId();
  return (
    <section
      className={[styles.section, className ?? ''].join(' ')}
      aria-labelledby={id}
      data-testid={testId}
      data-tour={tour}
    >
      <header className={styles.header}>
        <h2 id={id} className={styles.title}>
          {title}
        </h2>
        {aside}
      </header>
      {children}
    </section>
  );
}

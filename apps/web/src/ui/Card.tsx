import { useId, type ReactNode } from 'react';
import styles from './Card.module.css';

interface CardProps {
  title?: string;
  description?: ReactNode;
  icon?: ReactNode;
  children?: ReactNode;
  className?: string;
  testId?: string;
}

/** A rounded surface; with a title it becomes a labelled region. */
export function Card({ title, description, icon, children, className, testId }: CardProps) {
  const titleId = useId();
  return (
    <section
      className={[styles.card, className ?? ''].join(' ')}
      aria-labelledby={title ? titleId : undefined}
      data-testid={testId}
    >
      {title && (
        <header className={styles.header}>
          {icon && <span className={styles.icon}>{icon}</span>}
          <div className={styles.titles}>
            <h2 id={titleId} className={styles.title}>
              {title}
            </h2>
            {description && <p className={styles.description}>{description}</p>}
          </div>
        </header>
      )}
      {children}
    </section>
  );
}

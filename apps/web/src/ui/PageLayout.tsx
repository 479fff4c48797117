import type { ReactNode } from 'react';
import styles from './PageLayout.module.css';

/** A content page inside the shell: centred column, page title and subtitle, then the page's sections. */
export function PageLayout({
  title,
  subtitle,
  width = 'wide',
  children,
}: {
  title: string;
  subtitle?: string;
  width?: 'wide' | 'narrow';
  children: ReactNode;
}) {
  return (
    <div className={`${styles.page} ${styles[width]}`}>
      <header className={styles.header}>
        <h1 className={styles.title}>{title}</h1>
        {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
      </header>
      {children}
    </div>
  );
}

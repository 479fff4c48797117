import { useId } from 'react';
import styles from './Logo.module.css';

/** The Mirage mark (a sun over heat waves) and wordmark. Purely visual: wrap it in a link to navigate. */
export function Logo({ compact = false }: { compact?: boolean }) {
  const gradientId = useId();
  return (
    <span className={styles.logo}>
      <svg className={styles.mark} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <defs>
          <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#7c3aed" />
            <stop offset="1" stopColor="#d946ef" />
          </linearGradient>
        </defs>
        <rect width="32" height="32" rx="9" fill={`url(#${gradientId})`} />
        <circle cx="16" cy="13" r="5" fill="#fff" fillOpacity="0.95" />
        <path
          d="M6 21.5c3.3-2 6.7-2 10 0s6.7 2 10 0"
          stroke="#fff"
          strokeWidth="2.2"
          fill="none"
          strokeLinecap="round"
        />
        <path
          d="M9 25.5c2.3-1.3 4.7-1.3 7 0s4.7 1.3 7 0"
          stroke="#fff"
          strokeOpacity="0.7"
          strokeWidth="2"
          fill="none"
          strokeLinecap="round"
        />
      </svg>
      {!compact && <span className={styles.word}>Mirage</span>}
    </span>
  );
}

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../ui/Button.tsx';
import { SparkleIcon } from '../../ui/icons.tsx';
import { PageMeta } from '../meta/index.ts';
import { useSession } from '../session/index.ts';
import styles from './ComingSoon.module.css';

interface ComingSoonProps {
  title: string;
  description: string;
  icon?: ReactNode;
  noindex?: boolean;
}

/** An honest placeholder for a screen that a later release builds: what it will do, and where to go now. */
export function ComingSoon({ title, description, icon, noindex = false }: ComingSoonProps) {
  const { t } = useTranslation('pages');
  const { signedIn } = useSession();
  return (
    <div className={styles.page} data-testid="coming-soon">
      <PageMeta title={title} noindex={noindex} />
      <div className={styles.card}>
        <span className={styles.icon} aria-hidden="true">
          {icon ?? <SparkleIcon size={28} />}
        </span>
        <span className={styles.badge}>{t('coming_soon.badge')}</span>
        <h1 className={styles.title}>{title}</h1>
        <p className={styles.text}>{description}</p>
        <div className={styles.actions}>
          <ButtonLink to="/explore" variant="primary">
            {t('coming_soon.to_explore')}
          </ButtonLink>
          {!signedIn && (
            <ButtonLink to="/account/signup" variant="outline">
              {t('coming_soon.signup')}
            </ButtonLink>
          )}
        </div>
      </div>
    </div>
  );
}

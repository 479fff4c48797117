import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BookIcon, ExternalIcon } from '../../ui/icons.tsx';
import { useCommunityLinks } from '../community/index.ts';
import styles from './Tweak.module.css';

/**
 * The page's title and its links (spec §2 Tweak page): the guide's tweak section, and the community chat
 * when the operator configured one (GET /api/config/community).
 */
export function TweakHeader() {
  const { t } = useTranslation('tweak');
  const chat = useCommunityLinks()?.chat;
  return (
    <header className={styles.header}>
      <div className={styles.headings}>
        <h1 className={styles.title}>{t('title')}</h1>
        <p className={styles.subtitle}>{t('subtitle')}</p>
      </div>
      <nav className={styles.links} aria-label={t('links.label')}>
        <Link to="/guide#tweak-panel" className={styles.link} data-testid="tweak-guide-link">
          <BookIcon size={16} />
          {t('links.guide')}
        </Link>
        {chat && (
          <a
            href={chat}
            target="_blank"
            rel="noopener noreferrer"
            className={styles.link}
            data-testid="tweak-chat-link"
          >
            <ExternalIcon size={16} />
            {t('links.chat')}
          </a>
        )}
      </nav>
    </header>
  );
}

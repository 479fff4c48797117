import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../ui/Button.tsx';
import { HeartIcon, ImageIcon, SparkleIcon } from '../../ui/icons.tsx';
import styles from './Gallery.module.css';

/** docs/product/gallery.md#boards: guests on /explore see the samples and a prominent sign-up button. */
export function GuestBanner() {
  const { t } = useTranslation('gallery');
  return (
    <section className={styles.guestBanner} aria-labelledby="gallery-guest-title" data-testid="guest-banner">
      <div className={styles.guestText}>
        <span className={styles.pill}>
          <SparkleIcon size={14} />
          {t('guest.badge')}
        </span>
        <h2 id="gallery-guest-title" className={styles.guestTitle}>
          {t('guest.title')}
        </h2>
        <p className={styles.muted}>{t('guest.text')}</p>
      </div>
      <div className={styles.guestActions}>
        <ButtonLink to="/account/signup" variant="primary" size="lg" data-testid="guest-signup">
          {t('guest.signup')}
        </ButtonLink>
        <ButtonLink to="/account/signin" variant="ghost" size="lg">
          {t('guest.signin')}
        </ButtonLink>
      </div>
    </section>
  );
}

/** docs/product/gallery.md#boards: Collection and Creations show a sign-up prompt to guests. */
export function GuestPrompt({ board }: { board: 'collection' | 'creations' }) {
  const { t } = useTranslation('gallery');
  return (
    <section className={styles.empty} aria-labelledby="gallery-prompt-title" data-testid="guest-prompt">
      <span className={styles.emptyIcon}>
        {board === 'collection' ? <HeartIcon size={28} /> : <ImageIcon size={28} />}
      </span>
      <h2 id="gallery-prompt-title" className={styles.emptyTitle}>
        {t(board === 'collection' ? 'guest.collection_title' : 'guest.creations_title')}
      </h2>
      <p className={styles.muted}>
        {t(board === 'collection' ? 'guest.collection_text' : 'guest.creations_text')}
      </p>
      <div className={styles.emptyActions}>
        <ButtonLink to="/account/signup" variant="primary" size="lg" data-testid="guest-signup">
          {t('guest.signup')}
        </ButtonLink>
        <ButtonLink to="/account/signin" variant="outline" size="lg">
          {t('guest.signin')}
        </ButtonLink>
      </div>
    </section>
  );
}

import { useTranslation } from 'react-i18next';
import { ExternalIcon } from '../../ui/icons.tsx';
import type { Testimonial } from '../site/index.ts';
import styles from './Promo.module.css';

/**
 * The operator's published testimonials (GET /api/config/site; docs/product/content.md#testimonials): real
 * quotes only, each with its author, where it was posted and a link to the original when there is one.
 * The product never writes one; with none published the block is not shown at all.
 */
export function Testimonials({ items, lead }: { items: readonly Testimonial[]; lead: string }) {
  const { t } = useTranslation('promo');
  if (items.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="promo-testimonials" data-testid="promo-testimonials">
      <header className={styles.sectionHeader}>
        <h2 id="promo-testimonials" className={styles.sectionTitle}>
          {t('testimonials_title')}
        </h2>
        <p className={styles.sectionLead}>{lead}</p>
      </header>
      <ul className={styles.quotes}>
        {items.map((item) => (
          <li key={item.id} className={styles.quote} data-testid="promo-testimonial">
            <blockquote className={styles.quoteText} cite={item.url ?? undefined}>
              <p>{item.message}</p>
            </blockquote>
            <div className={styles.quoteAuthor}>
              {item.avatar ? (
                <img
                  className={styles.quoteAvatar}
                  src={item.avatar}
                  alt=""
                  width={40}
                  height={40}
                  loading="lazy"
                />
              ) : (
                <span className={styles.quoteAvatar} aria-hidden="true">
                  {item.author.trim().charAt(0).toUpperCase()}
                </span>
              )}
              <span className={styles.quoteWho}>
                <span className={styles.quoteName}>{item.author}</span>
                {item.url ? (
                  // Another site's post: it gets no referrer and no ranking credit from us.
                  <a
                    className={styles.quotePlatform}
                    href={item.url}
                    target="_blank"
                    rel="noopener noreferrer nofollow ugc"
                    aria-label={t('testimonial_source', { author: item.author, platform: item.platform })}
                  >
                    {item.platform}
                    <ExternalIcon size={12} />
                  </a>
                ) : (
                  <span className={styles.quotePlatform}>{item.platform}</span>
                )}
              </span>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

import type { PromoPage } from '@mirage/domain';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../ui/Button.tsx';
import {
  ArrowRightIcon,
  CompassIcon,
  ImageIcon,
  PaletteIcon,
  ShieldIcon,
  SlidersIcon,
  SparkleIcon,
  TicketIcon,
} from '../../ui/icons.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { useContent } from '../content/index.ts';
import { TryIt } from '../guest-trial/index.ts';
import { useSiteInfo } from '../site/index.ts';
import { parsePromoContent, titleGap } from './content.ts';
import { PromoGallery } from './PromoGallery.tsx';
import { Testimonials } from './Testimonials.tsx';
import styles from './Promo.module.css';

/**
 * The plan cards reuse the shop's catalogue query, and the shop's chunk (its checkout and forms) is large:
 * it loads beside the page rather than in it, requested as soon as this module runs, so the cards wait for
 * the prices (GET /api/shop) rather than for the code.
 */
const plansChunk = import('./PromoPlans.tsx');
const PromoPlans = lazy(() => plansChunk.then((module) => ({ default: module.PromoPlans })));

/** One icon per feature block, in the content's order. */
const FEATURE_ICONS = [PaletteIcon, SlidersIcon, ImageIcon, ShieldIcon];

/**
 * A promo landing page (spec §2 "Promo pages and footer"; docs/product/content.md#promo-pages): the hero of
 * its variant with the Basic and Pro cards, the sample gallery by category, the feature blocks, the
 * operator's testimonials when there are any, and a call to sign up. The shell adds the footer.
 */
export function PromoView({ page }: { page: PromoPage }) {
  const { t } = useTranslation('promo');
  const content = useContent('promo', parsePromoContent);
  const site = useSiteInfo();
  if (!content) {
    return (
      <div className={styles.loading} role="status">
        <Spinner size={28} />
        <span className="visually-hidden">{t('loading')}</span>
      </div>
    );
  }
  const text = content[page];

  return (
    <div className={styles.page} data-testid="promo-page" data-variant={page}>
      <section className={styles.hero} aria-labelledby="promo-title">
        <div className={styles.heroGlow} aria-hidden="true" />
        <div className={styles.heroText}>
          <p className={styles.eyebrow}>
            <SparkleIcon size={16} />
            {text.eyebrow}
          </p>
          <h1 id="promo-title" className={styles.title}>
            {text.title_start}
            {titleGap(text.title_start)}
            <span className={styles.gradient}>{text.title_highlight}</span>
          </h1>
          <p className={styles.lead}>{text.lead}</p>
          <div className={styles.ctas}>
            <ButtonLink to="/account/signup" variant="primary" size="lg" data-testid="promo-signup">
              {t('signup')}
              <ArrowRightIcon size={18} />
            </ButtonLink>
            <ButtonLink to="/explore" variant="outline" size="lg">
              <CompassIcon size={18} />
              {t('explore')}
            </ButtonLink>
          </div>
          <p className={styles.note}>{t('adult_notice')}</p>
        </div>
        <section className={styles.heroPlans} aria-labelledby="promo-plans-title">
          <h2 id="promo-plans-title" className={styles.plansTitle}>
            {t('plans_title')}
          </h2>
          <p className={styles.plansLead}>{content.plans_lead}</p>
          <Suspense fallback={<div className={styles.plansPending} aria-hidden="true" />}>
            <PromoPlans />
          </Suspense>
        </section>
      </section>

      <TryIt render={page} />

      <section className={styles.section} aria-labelledby="promo-gallery">
        <header className={styles.sectionHeader}>
          <h2 id="promo-gallery" className={styles.sectionTitle}>
            {t('gallery_title')}
          </h2>
          <p className={styles.sectionLead}>{text.gallery_lead}</p>
        </header>
        <PromoGallery page={page} descriptions={content.samples} />
      </section>

      <section className={styles.section} aria-labelledby="promo-features">
        <header className={styles.sectionHeader}>
          <h2 id="promo-features" className={styles.sectionTitle}>
            {t('features_title')}
          </h2>
        </header>
        <ul className={styles.features}>
          {text.features.map((feature, index) => {
            const Icon = FEATURE_ICONS[index % FEATURE_ICONS.length]!;
            return (
              <li key={feature.title} className={styles.feature}>
                <span className={styles.featureIcon}>
                  <Icon />
                </span>
                <h3 className={styles.featureTitle}>{feature.title}</h3>
                <p className={styles.featureText}>{feature.text}</p>
              </li>
            );
          })}
        </ul>
      </section>

      <Testimonials items={site?.testimonials ?? []} lead={content.testimonials_lead} />

      <section className={styles.band} aria-labelledby="promo-start">
        <div className={styles.bandIcon} aria-hidden="true">
          <TicketIcon size={28} />
        </div>
        <div className={styles.bandText}>
          <h2 id="promo-start" className={styles.bandTitle}>
            {content.cta.title}
          </h2>
          <p className={styles.sectionLead}>{content.cta.text}</p>
        </div>
        <div className={styles.bandActions}>
          <ButtonLink to="/account/signup" variant="primary" size="lg" data-testid="promo-cta">
            {t('signup')}
          </ButtonLink>
        </div>
      </section>
    </div>
  );
}

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
import { useSession } from '../session/index.ts';
import { HeroArt } from './HeroArt.tsx';
import styles from './Landing.module.css';

// The free try loads after the page: the landing is part of the first load, which has no room for it
// (scripts/check-web-budget.mjs), and the section sits below the hero.
const TryIt = lazy(() => import('../guest-trial/index.ts').then((module) => ({ default: module.TryIt })));

/** The landing page (/ for visitors, /home for signed-in users): hero, features, steps, call to action. */
export function Landing() {
  const { t } = useTranslation('landing');
  const { signedIn } = useSession();
  const primary = signedIn
    ? { to: '/create', label: t('cta.open_generator') }
    : { to: '/account/signup', label: t('cta.signup') };

  const features = [
    { icon: <PaletteIcon />, title: t('features.styles.title'), text: t('features.styles.text') },
    { icon: <SlidersIcon />, title: t('features.control.title'), text: t('features.control.text') },
    { icon: <ImageIcon />, title: t('features.tweak.title'), text: t('features.tweak.text') },
    { icon: <ShieldIcon />, title: t('features.privacy.title'), text: t('features.privacy.text') },
  ];
  const steps = [
    { title: t('steps.describe.title'), text: t('steps.describe.text') },
    { title: t('steps.style.title'), text: t('steps.style.text') },
    { title: t('steps.refine.title'), text: t('steps.refine.text') },
  ];

  return (
    <div className={styles.page}>
      <section className={styles.hero} aria-labelledby="landing-title">
        <div className={styles.heroGlow} aria-hidden="true" />
        <div className={styles.heroText}>
          <p className={styles.eyebrow}>
            <SparkleIcon size={16} />
            {t('hero.eyebrow')}
          </p>
          <h1 id="landing-title" className={styles.title}>
            {t('hero.title_start')} <span className={styles.gradient}>{t('hero.title_highlight')}</span>
          </h1>
          <p className={styles.lead}>{t('hero.lead')}</p>
          <div className={styles.ctas}>
            <ButtonLink to={primary.to} variant="primary" size="lg" data-testid="landing-primary-cta">
              {primary.label}
              <ArrowRightIcon size={18} />
            </ButtonLink>
            <ButtonLink to="/explore" variant="outline" size="lg">
              <CompassIcon size={18} />
              {t('cta.explore')}
            </ButtonLink>
          </div>
          <p className={styles.note}>{t('hero.adult_notice')}</p>
        </div>
        <HeroArt />
      </section>

      <Suspense fallback={null}>
        <TryIt />
      </Suspense>

      <section className={styles.section} aria-labelledby="landing-features">
        <header className={styles.sectionHeader}>
          <h2 id="landing-features" className={styles.sectionTitle}>
            {t('features.title')}
          </h2>
          <p className={styles.sectionLead}>{t('features.lead')}</p>
        </header>
        <ul className={styles.features}>
          {features.map((feature) => (
            <li key={feature.title} className={styles.feature}>
              <span className={styles.featureIcon}>{feature.icon}</span>
              <h3 className={styles.featureTitle}>{feature.title}</h3>
              <p className={styles.featureText}>{feature.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className={styles.section} aria-labelledby="landing-steps">
        <header className={styles.sectionHeader}>
          <h2 id="landing-steps" className={styles.sectionTitle}>
            {t('steps.title')}
          </h2>
        </header>
        <ol className={styles.steps}>
          {steps.map((step, index) => (
            <li key={step.title} className={styles.step}>
              <span className={styles.stepNumber} aria-hidden="true">
                {index + 1}
              </span>
              <h3 className={styles.featureTitle}>{step.title}</h3>
              <p className={styles.featureText}>{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className={styles.band} aria-labelledby="landing-start">
        <div className={styles.bandIcon} aria-hidden="true">
          <TicketIcon size={28} />
        </div>
        <div className={styles.bandText}>
          <h2 id="landing-start" className={styles.bandTitle}>
            {t('start.title')}
          </h2>
          <p className={styles.sectionLead}>{t('start.text')}</p>
        </div>
        <div className={styles.bandActions}>
          <ButtonLink to={primary.to} variant="primary" size="lg">
            {primary.label}
          </ButtonLink>
          <ButtonLink to="/tickets" variant="ghost" size="lg">
            {t('cta.plans')}
          </ButtonLink>
        </div>
      </section>
    </div>
  );
}

import { lazy, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ButtonLink } from '../../ui/Button.tsx';
import { ArrowRightIcon, SparkleIcon } from '../../ui/icons.tsx';
import { useSession } from '../session/index.ts';
import type { TrialStyle } from './trial.ts';
import styles from './TryIt.module.css';

// The box, its calls and the live task load in a chunk of their own, after the page: the landing and promo
// chunks and the first load stay within the web budget (scripts/check-web-budget.mjs).
const TryItBox = lazy(() => import('./TryItBox.tsx'));

/** The element id of the section, for links to the free try (/#try-it). */
export const TRY_IT_ID = 'try-it';

/**
 * The "try it" section of the landing and promo pages (docs/product/generation.md#guest-trial): a visitor
 * makes one free image there; a signed-in user is pointed to the generator instead. `render` picks the
 * style chosen at first (a promo page's kind).
 */
export function TryIt({ render }: { render?: TrialStyle['render'] }) {
  const { t } = useTranslation('landing');
  const { signedIn } = useSession();
  const { hash } = useLocation();
  const section = useRef<HTMLElement>(null);
  // A link to /#try-it (the generator's note for guests): the router does not scroll to a fragment itself.
  useEffect(() => {
    if (hash === `#${TRY_IT_ID}`) section.current?.scrollIntoView({ block: 'start' });
  }, [hash]);

  if (signedIn) {
    return (
      <section className={styles.signedIn} aria-labelledby="try-it-title" data-testid="try-it-signed-in">
        <h2 id="try-it-title" className={styles.signedInTitle}>
          {t('try_it.signed_in')}
        </h2>
        <ButtonLink to="/create" variant="primary">
          {t('cta.open_generator')}
          <ArrowRightIcon size={18} />
        </ButtonLink>
      </section>
    );
  }

  return (
    <section ref={section} id={TRY_IT_ID} className={styles.section} aria-labelledby="try-it-title">
      <header className={styles.header}>
        <p className={styles.eyebrow}>
          <SparkleIcon size={16} />
          {t('try_it.eyebrow')}
        </p>
        <h2 id="try-it-title" className={styles.title}>
          {t('try_it.title')}
        </h2>
        <p className={styles.lead}>{t('try_it.lead')}</p>
      </header>
      <Suspense fallback={<div className={styles.pending} aria-hidden="true" />}>
        <TryItBox render={render} />
      </Suspense>
    </section>
  );
}

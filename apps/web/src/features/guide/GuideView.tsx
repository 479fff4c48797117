import { GUIDE_CATEGORIES, GUIDE_SECTIONS, guideValues, type GuideSectionId } from '@mirage/domain';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ButtonLink } from '../../ui/Button.tsx';
import { Logo } from '../../ui/Logo.tsx';
import { FullPageLoader } from '../../ui/Spinner.tsx';
import { useMediaQuery } from '../../ui/useMediaQuery.ts';
import { useContent } from '../content/index.ts';
import { PageMeta } from '../meta/index.ts';
import { useSession } from '../session/index.ts';
import { parseGuideContent } from './content.ts';
import { GuideNav } from './GuideNav.tsx';
import { GuideSection } from './GuideSection.tsx';
import { useGuideScroll } from './useGuideScroll.ts';
import styles from './GuideView.module.css';

/** Below this width the contents are a drawer opened from the guide's own bar (GuideView.module.css). */
const DRAWER_QUERY = '(max-width: 899px)';

/**
 * The user guide (/guide, spec §2 "Guide"): contents on the side (a drawer on phones), the sections of
 * the four categories with their tables and image comparators, and a call to action. The shell's top menu
 * is hidden on this page (app/shell/Shell.tsx); the contents lead home instead.
 */
export function GuideView() {
  const { t, i18n } = useTranslation('guide');
  const content = useContent('guide', parseGuideContent);
  const { signedIn } = useSession();
  const { current, goTo } = useGuideScroll(content !== undefined);
  const drawer = useMediaQuery(DRAWER_QUERY);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const values = useMemo(() => guideValues(i18n.language), [i18n.language]);
  const titles = useMemo(
    () =>
      Object.fromEntries(GUIDE_SECTIONS.map((id) => [id, content?.sections[id].title ?? ''])) as Record<
        GuideSectionId,
        string
      >,
    [content],
  );

  const closeDrawer = () => {
    setDrawerOpen(false);
    toggleRef.current?.focus();
  };

  useEffect(() => {
    if (!drawerOpen) return;
    document.getElementById('guide-contents')?.querySelector<HTMLElement>('a, button')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setDrawerOpen(false);
        toggleRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [drawerOpen]);

  if (!content) {
    return (
      <>
        <PageMeta title={t('meta_title')} description={t('meta_description')} />
        <FullPageLoader label={t('loading')} />
      </>
    );
  }

  return (
    <div className={styles.page} data-testid="guide-page">
      <PageMeta title={t('meta_title')} description={t('meta_description')} />
      {drawer && (
        <div className={styles.bar}>
          <Link to="/" className={styles.barHome} aria-label={t('home')}>
            <Logo compact />
          </Link>
          <button
            ref={toggleRef}
            type="button"
            className={styles.barToggle}
            aria-expanded={drawerOpen}
            aria-controls="guide-contents"
            onClick={() => setDrawerOpen(true)}
            data-testid="guide-contents-toggle"
          >
            <span className={styles.barLabel}>{t('contents')}</span>
            {current && <span className={styles.barCurrent}>{titles[current]}</span>}
          </button>
        </div>
      )}
      <GuideNav
        titles={titles}
        current={current}
        onNavigate={goTo}
        open={!drawer || drawerOpen}
        drawer={drawer}
        onClose={closeDrawer}
      />
      {drawer && drawerOpen && <div className={styles.backdrop} onClick={closeDrawer} aria-hidden="true" />}
      <article className={styles.article}>
        <header className={styles.header}>
          <h1 className={styles.title}>{content.title}</h1>
          <p className={styles.lead}>{content.lead}</p>
        </header>
        {GUIDE_CATEGORIES.map((category) => (
          <section
            key={category.id}
            className={styles.category}
            aria-labelledby={`guide-${category.id}-title`}
          >
            <h2 id={`guide-${category.id}-title`} className={styles.categoryTitle}>
              {t(`categories.${category.id}`)}
            </h2>
            {category.sections.map((id) => (
              <GuideSection key={id} id={id} text={content.sections[id]} values={values} />
            ))}
          </section>
        ))}
        <aside className={styles.cta} aria-labelledby="guide-cta-title" data-testid="guide-cta">
          <h2 id="guide-cta-title" className={styles.ctaTitle}>
            {signedIn ? content.cta.member_title : content.cta.guest_title}
          </h2>
          <p className={styles.ctaText}>{signedIn ? content.cta.member_text : content.cta.guest_text}</p>
          <ButtonLink
            to={signedIn ? '/settings' : '/account/signup'}
            variant="primary"
            size="lg"
            data-testid="guide-cta-link"
          >
            {signedIn ? t('cta.settings') : t('cta.signup')}
          </ButtonLink>
        </aside>
      </article>
    </div>
  );
}

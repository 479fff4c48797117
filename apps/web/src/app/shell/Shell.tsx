import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Analytics } from '../../features/analytics/index.ts';
// The announcement's lazy slot alone: the feature's index would bring the viewer's hunt and the daily-tasks
// card (and their styles) into every page's first load.
import { GameEventAnnouncement } from '../../features/game-event/LazyEventAnnouncement.tsx';
import { useActiveModal } from '../../features/modal/modal.ts';
import { PlayerWatch } from '../../features/player/shell/index.ts';
import { useSession } from '../../features/session/useSession.ts';
import { NoticeViewport } from '../../ui/NoticeViewport.tsx';
import { KeepAliveOutlet } from '../keepAlive/KeepAliveOutlet.tsx';
import { CookieBanner } from './CookieBanner.tsx';
import { Footer } from './Footer.tsx';
import { MobileBottomBar } from './MobileBottomBar.tsx';
import { ModalHost } from './ModalHost.tsx';
import { TopMenu } from './TopMenu.tsx';
import styles from './Shell.module.css';

// A signed-in user's onboarding (register success, account setup, product tour) loads apart from every
// page's first load: guests never need it (issue 20: the entry's budget).
const OnboardingHost = lazy(() =>
  import('../../features/onboarding/index.ts').then((m) => ({ default: m.OnboardingHost })),
);

/** The frame around every page but /oauth: top menu, content, footer, phone bar, banner, modals. */
export function Shell() {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  const { signedIn } = useSession();
  // docs/product/routes.md#shell: neither the cookie banner nor the bottom menu shows on the landing page.
  const isLanding = pathname === '/';
  // docs/product/routes.md#shell: the top menu is hidden on the guide, which has its own contents bar.
  const isGuide = pathname === '/guide';

  return (
    <div className={styles.shell} data-bottom-bar={!isLanding} data-top-menu={!isGuide}>
      <a href="#main" className={styles.skip}>
        {t('skip_to_content')}
      </a>
      {!isGuide && <TopMenu />}
      <main id="main" tabIndex={-1} className={styles.main}>
        <KeepAliveOutlet />
      </main>
      <Footer />
      {!isLanding && <MobileBottomBar />}
      {!isLanding && <CookieBanner />}
      <ModalHost />
      {signedIn && (
        <Suspense fallback={null}>
          <OnboardingHost />
        </Suspense>
      )}
      <PlayerParts />
      <GameEventAnnouncement cookieBannerPage={!isLanding} />
      <NoticeViewport />
      <Analytics />
    </div>
  );
}

/** The player's watcher (the reward overlay among others), which waits while an app-level modal is open. */
function PlayerParts() {
  return <PlayerWatch otherDialogOpen={useActiveModal() !== null} />;
}

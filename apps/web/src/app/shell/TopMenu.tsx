import { GALLERY_PATH, GALLERY_SEARCH_HREF, MENU_HIDE_SCROLL_PX } from '@mirage/domain';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { openModal } from '../../features/modal/modal.ts';
import { NotificationBell, TicketTracker } from '../../features/player/shell/index.ts';
import { useSession } from '../../features/session/useSession.ts';
import { ButtonLink } from '../../ui/Button.tsx';
import { MenuIcon, SearchIcon, ShopIcon } from '../../ui/icons.tsx';
import { Logo } from '../../ui/Logo.tsx';
import { OnFirstUse, useOnFirstUse } from '../../ui/OnFirstUse.tsx';
import { AvatarButton } from './Avatar.tsx';
import { LazyGenerationProgress } from './LazyGenerationProgress.tsx';
import { useHideOnScroll, usePrefersReducedMotion } from './hooks.ts';
import { TOP_LINKS } from './navItems.tsx';
import styles from './TopMenu.module.css';

// The account menu and the menu library under it load on the first press of its button (ui/OnFirstUse.tsx).
const loadAvatarMenu = () => import('./AvatarMenu.tsx');
const AvatarMenu = lazy(() => loadAvatarMenu().then((m) => ({ default: m.AvatarMenu })));

export function TopMenu() {
  const { t } = useTranslation('common');
  const { signedIn, user } = useSession();
  const reducedMotion = usePrefersReducedMotion();
  const [hidden, reveal] = useHideOnScroll(MENU_HIDE_SCROLL_PX, !reducedMotion);
  const accountMenu = useOnFirstUse(loadAvatarMenu);

  return (
    <header
      className={[styles.bar, hidden ? styles.hidden : ''].join(' ')}
      onFocusCapture={reveal}
      data-testid="top-menu"
    >
      <div className={styles.inner}>
        <Link to={signedIn ? '/home' : '/'} className={styles.logo} aria-label={t('nav.home')}>
          {signedIn ? (
            // On a phone the signed-in actions (tickets, progress, bell, avatar) need the room: the mark only.
            <>
              <span className={styles.wideOnly}>
                <Logo />
              </span>
              <span className={styles.narrowOnly}>
                <Logo compact />
              </span>
            </>
          ) : (
            <Logo />
          )}
        </Link>
        {/* Signed in, the search panel opens with its first tag box focused; guests (no panel) see the gallery. */}
        <Link
          to={signedIn ? GALLERY_SEARCH_HREF : GALLERY_PATH}
          className={styles.search}
          aria-label={t('menu.search')}
          title={t('menu.search')}
          data-testid="menu-search"
        >
          <SearchIcon size={18} />
        </Link>
        <nav className={styles.links} aria-label={t('nav.main')} data-tour="nav">
          {TOP_LINKS.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              className={({ isActive }) => [styles.link, isActive ? styles.active : ''].join(' ')}
            >
              {t(`nav.${item.label}`)}
            </NavLink>
          ))}
        </nav>
        <div className={styles.actions}>
          {signedIn ? (
            <>
              {/* docs/product/routes.md#shell: the ticket tracker (tickets, and energy for premium users). */}
              <TicketTracker user={user} />
              <LazyGenerationProgress />
              <NotificationBell />
              <OnFirstUse
                wanted={accountMenu.wanted}
                plain={<AvatarButton name={user?.username} {...accountMenu.buttonProps} />}
              >
                <AvatarMenu user={user} defaultOpen />
              </OnFirstUse>
            </>
          ) : (
            <>
              <ButtonLink
                to="/tickets"
                variant="ghost"
                size="sm"
                className={styles.shop}
                aria-label={t('nav.shop')}
              >
                <ShopIcon size={18} />
                <span className={styles.shopLabel}>{t('nav.shop')}</span>
              </ButtonLink>
              <ButtonLink to="/account/signin" variant="primary" size="sm" data-testid="signin-button">
                {t('menu.signin')}
              </ButtonLink>
              <button
                type="button"
                className={styles.menuToggle}
                onClick={() => openModal('drawer')}
                aria-label={t('menu.open_menu')}
                aria-haspopup="dialog"
                data-testid="drawer-toggle"
              >
                <MenuIcon />
              </button>
            </>
          )}
        </div>
      </div>
    </header>
  );
}

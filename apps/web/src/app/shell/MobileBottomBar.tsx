import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { openModal, useActiveModal } from '../../features/modal/modal.ts';
import { useSession } from '../../features/session/useSession.ts';
import { CompassIcon, HeartIcon, MenuIcon, SparkleIcon, UserIcon } from '../../ui/icons.tsx';
import styles from './MobileBottomBar.module.css';

/** Quick access on phones (< 768 px): explore, create, collection (or sign in), and the menu. */
export function MobileBottomBar() {
  const { t } = useTranslation('common');
  const { signedIn } = useSession();
  const drawerOpen = useActiveModal() === 'drawer';
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    [styles.item, isActive ? styles.active : ''].join(' ');

  return (
    <nav
      className={styles.bar}
      aria-label={t('nav.quick')}
      data-testid="mobile-bottom-bar"
      data-tour="bottom-bar"
    >
      <NavLink to="/explore" className={linkClass}>
        <CompassIcon size={22} />
        <span>{t('nav.explore')}</span>
      </NavLink>
      <NavLink to="/create" className={linkClass}>
        <SparkleIcon size={22} />
        <span>{t('nav.create')}</span>
      </NavLink>
      {signedIn ? (
        <NavLink to="/collection" className={linkClass}>
          <HeartIcon size={22} />
          <span>{t('nav.collection')}</span>
        </NavLink>
      ) : (
        <NavLink to="/account/signin" className={linkClass}>
          <UserIcon size={22} />
          <span>{t('menu.signin')}</span>
        </NavLink>
      )}
      <button
        type="button"
        className={[styles.item, drawerOpen ? styles.active : ''].join(' ')}
        onClick={() => openModal('drawer')}
        aria-haspopup="dialog"
        data-testid="bottom-bar-menu"
      >
        {signedIn ? <UserIcon size={22} /> : <MenuIcon size={22} />}
        <span>{signedIn ? t('nav.profile') : t('nav.menu')}</span>
      </button>
    </nav>
  );
}

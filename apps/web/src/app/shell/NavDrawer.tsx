import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useLogout } from '../../features/account/useLogout.ts';
import { closeModal, openModal } from '../../features/modal/modal.ts';
import { useSession } from '../../features/session/useSession.ts';
import { ButtonLink } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { GlobeIcon, LogoutIcon, UserIcon } from '../../ui/icons.tsx';
import { Avatar } from './Avatar.tsx';
import {
  profilePath,
  SECONDARY_LINKS,
  SETTINGS_LINK,
  SIGNED_IN_LINKS,
  TOP_LINKS,
  type NavItem,
} from './navItems.tsx';
import styles from './NavDrawer.module.css';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The side menu on small screens (guests' menu toggle, everyone's bottom-bar "menu"). */
export function NavDrawer({ open, onOpenChange }: Props) {
  const { t } = useTranslation('common');
  const { signedIn, user } = useSession();
  const { logout, pending } = useLogout();

  const groups: NavItem[][] = signedIn
    ? [TOP_LINKS, SIGNED_IN_LINKS, [...SECONDARY_LINKS, SETTINGS_LINK]]
    : [TOP_LINKS, SECONDARY_LINKS];

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('menu.title')}
      hideTitle
      variant="drawer"
      testId="drawer"
    >
      {signedIn && user ? (
        <NavLink to={profilePath(user)} className={styles.profile} onClick={closeModal}>
          <Avatar name={user.username} size={44} />
          <span className={styles.profileText}>
            <span className={styles.username}>{user.username}</span>
            <span className={styles.muted}>{t('menu.view_profile')}</span>
          </span>
        </NavLink>
      ) : !signedIn ? (
        <div className={styles.authButtons}>
          <ButtonLink to="/account/signup" variant="primary" block onClick={closeModal}>
            {t('menu.signup')}
          </ButtonLink>
          <ButtonLink to="/account/signin" variant="outline" block onClick={closeModal}>
            <UserIcon size={18} />
            {t('menu.signin')}
          </ButtonLink>
        </div>
      ) : null}
      <nav className={styles.nav} aria-label={t('nav.main')}>
        {groups.map((group, index) => (
          <ul key={index} className={styles.group}>
            {group.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  className={({ isActive }) => [styles.link, isActive ? styles.active : ''].join(' ')}
                  onClick={closeModal}
                >
                  {item.icon}
                  {t(`nav.${item.label}`)}
                </NavLink>
              </li>
            ))}
          </ul>
        ))}
      </nav>
      <div className={styles.footer}>
        <button
          type="button"
          className={styles.link}
          onClick={() => openModal('language')}
          data-testid="drawer-language"
        >
          <GlobeIcon />
          {t('menu.language')}
        </button>
        {signedIn && (
          <button
            type="button"
            className={[styles.link, styles.danger].join(' ')}
            onClick={logout}
            disabled={pending}
            data-testid="drawer-logout"
          >
            <LogoutIcon />
            {t('menu.logout')}
          </button>
        )}
      </div>
    </Dialog>
  );
}

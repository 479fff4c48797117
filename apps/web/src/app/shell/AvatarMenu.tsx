import type { UserSettings } from '@mirage/contract';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLogout } from '../../features/account/useLogout.ts';
import { useSocialLinks } from '../../features/community/index.ts';
import { openModal } from '../../features/modal/modal.ts';
import { usePlayer } from '../../features/player/queries.ts';
import { PlayerAvatar, PlayerName } from '../../features/player/look/index.ts';
import { XpBar } from '../../features/player/shell/XpBar.tsx';
import { startTour } from '../../features/onboarding/index.ts';
import {
  BookIcon,
  CalendarCheckIcon,
  CompassIcon,
  ExternalIcon,
  GlobeIcon,
  InfoIcon,
  LogoutIcon,
  SettingsIcon,
  ShopIcon,
  TrophyIcon,
} from '../../ui/icons.tsx';
import { Avatar, AvatarButton } from './Avatar.tsx';
import { profilePath } from './navItems.tsx';
import styles from './AvatarMenu.module.css';

/** `defaultOpen`: the menu was loaded by a press of its button (TopMenu.tsx), and opens at once. */
export function AvatarMenu({
  user,
  defaultOpen = false,
}: {
  user: UserSettings | undefined;
  defaultOpen?: boolean;
}) {
  const { t } = useTranslation(['common', 'onboarding']);
  const { logout } = useLogout();
  // docs/product/player.md: the profile item is labelled with the username and the level, over the XP bar.
  const player = usePlayer(user !== undefined).data;
  // Spec §2: the menu links the community (chat, forum, microblog, short videos) where configured.
  const social = useSocialLinks();

  const links = [
    { to: '/daily-tasks', label: t('nav.daily_tasks'), icon: <CalendarCheckIcon size={18} /> },
    { to: '/settings', label: t('nav.settings'), icon: <SettingsIcon size={18} />, testId: 'menu-settings' },
    { to: '/tickets', label: t('nav.shop'), icon: <ShopIcon size={18} /> },
    { to: '/guide', label: t('nav.guide'), icon: <BookIcon size={18} /> },
    { to: '/leaderboard', label: t('nav.leaderboard'), icon: <TrophyIcon size={18} /> },
    { to: '/about', label: t('nav.about'), icon: <InfoIcon size={18} /> },
  ];

  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger asChild>
        <AvatarButton name={user?.username} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          className={styles.content}
          align="end"
          sideOffset={10}
          data-testid="avatar-menu"
        >
          {user && (
            <DropdownMenu.Item asChild className={styles.profile}>
              <Link to={profilePath(user)} data-testid="menu-profile">
                {/* The equipped look once the player is known (docs/product/player.md#cosmetics). */}
                {player ? (
                  <PlayerAvatar equipped={player.equipped} size={44} testId="menu-look" />
                ) : (
                  <Avatar name={user.username} size={44} />
                )}
                <span className={styles.profileText}>
                  {/* The name in the colour the player wears, as on the profile and the boards. */}
                  {player ? (
                    <PlayerName
                      equipped={player.equipped}
                      name={user.username}
                      className={styles.username}
                      testId="menu-name"
                    />
                  ) : (
                    <span className={styles.username}>{user.username}</span>
                  )}
                  {player && (
                    <>
                      <span className={styles.level} data-testid="menu-level">
                        {t('menu.level', { level: player.level })}
                      </span>
                      <XpBar player={player} />
                    </>
                  )}
                </span>
              </Link>
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Separator className={styles.separator} />
          {links.map((link) => (
            <DropdownMenu.Item key={link.to} asChild className={styles.item}>
              <Link to={link.to} data-testid={link.testId}>
                {link.icon}
                {link.label}
              </Link>
            </DropdownMenu.Item>
          ))}
          {social.length > 0 && <DropdownMenu.Separator className={styles.separator} />}
          {social.map((link) => (
            <DropdownMenu.Item key={link.place} asChild className={styles.item}>
              <a href={link.href} target="_blank" rel="noopener noreferrer" data-testid="menu-community">
                <ExternalIcon size={18} />
                {t(`community.${link.place}`)}
                <span className="visually-hidden"> {t('community.new_tab')}</span>
              </a>
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className={styles.separator} />
          <DropdownMenu.Item
            className={styles.item}
            onSelect={() => openModal('language')}
            data-testid="menu-language"
          >
            <GlobeIcon size={18} />
            {t('menu.language')}
          </DropdownMenu.Item>
          <DropdownMenu.Item className={styles.item} onSelect={startTour} data-testid="menu-tour">
            <CompassIcon size={18} />
            {t('onboarding:tour.take')}
          </DropdownMenu.Item>
          <DropdownMenu.Item
            className={[styles.item, styles.danger].join(' ')}
            onSelect={logout}
            data-testid="menu-logout"
          >
            <LogoutIcon size={18} />
            {t('menu.logout')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

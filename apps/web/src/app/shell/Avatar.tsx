import { lazy, Suspense, type ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlayer } from '../../features/player/queries.ts';
import styles from './AvatarMenu.module.css';

// The look's renderer and its motions' CSS load once the player is known, not with every page (the account
// menu shares the chunk).
const PlayerAvatar = lazy(() =>
  import('../../features/player/look/index.ts').then((module) => ({ default: module.PlayerAvatar })),
);

/** The account button's outer size, as the bell's and the tracker's buttons beside it. */
const BUTTON_SIZE = 40;

/** The user's initial in a disc (the account menu's trigger, the drawer's and the menu's profile line). */
export function Avatar({ name, size = 36 }: { name: string | undefined; size?: number }) {
  return (
    <span
      className={styles.avatar}
      style={{ width: size, height: size, fontSize: size * 0.42 }}
      aria-hidden="true"
      data-testid="avatar-initial"
    >
      {(name ?? '?').slice(0, 1).toUpperCase()}
    </span>
  );
}

/**
 * The account menu's button: the menu's trigger once the menu has loaded (AvatarMenu.tsx), and the same
 * button, plain, before (the menu and its library load on first use: TopMenu.tsx). It wears the player's
 * look (docs/product/player.md#cosmetics: picture, frame, motion) once the player is known, and the initial
 * while the player loads or could not be read. Only signed-in users have it, so the player is always asked
 * for (the menu and the watcher share the query).
 */
export function AvatarButton({
  name,
  className,
  ...props
}: { name: string | undefined } & ComponentPropsWithRef<'button'>) {
  const { t } = useTranslation('common');
  const player = usePlayer(true).data;
  return (
    <button
      type="button"
      className={[styles.trigger, player ? styles.withLook : '', className ?? ''].join(' ')}
      aria-label={t('menu.account')}
      aria-haspopup="menu"
      data-testid="avatar-button"
      data-tour="account"
      {...props}
    >
      {player ? (
        // The initial at the look's size (no accent ring around it) while the renderer loads.
        <Suspense fallback={<Avatar name={name} size={BUTTON_SIZE} />}>
          <PlayerAvatar equipped={player.equipped} size={BUTTON_SIZE} testId="avatar-button-look" />
        </Suspense>
      ) : (
        <Avatar name={name} size={BUTTON_SIZE - 4} />
      )}
    </button>
  );
}

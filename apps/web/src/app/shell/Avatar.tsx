import type { ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './AvatarMenu.module.css';

/** The user's initial in a disc (the account menu's trigger, the drawer's and the menu's profile line). */
export function Avatar({ name, size = 36 }: { name: string | undefined; size?: number }) {
  return (
    <span
      className={styles.avatar}
      style={{ width: size, height: size, fontSize: size * 0.42 }}
      aria-hidden="true"
    >
      {(name ?? '?').slice(0, 1).toUpperCase()}
    </span>
  );
}

/**
 * The account menu's button: the menu's trigger once the menu has loaded (AvatarMenu.tsx), and the same
 * button, plain, before (the menu and its library load on first use: TopMenu.tsx).
 */
export function AvatarButton({
  name,
  ...props
}: { name: string | undefined } & ComponentPropsWithRef<'button'>) {
  const { t } = useTranslation('common');
  return (
    <button
      type="button"
      className={styles.trigger}
      aria-label={t('menu.account')}
      aria-haspopup="menu"
      data-testid="avatar-button"
      {...props}
    >
      <Avatar name={name} />
    </button>
  );
}

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

/** Holds the account menu's place, looking like its trigger, while the menu's code loads. */
export function AvatarPlaceholder({ name }: { name: string | undefined }) {
  return (
    <span className={styles.trigger} aria-hidden="true">
      <Avatar name={name} />
    </span>
  );
}

import type { ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';
import { MoreIcon } from './icons.tsx';
import type { Step } from './navigation.ts';
import styles from './ImageMenu.module.css';

interface ImageMenuButtonProps extends ComponentPropsWithRef<'button'> {
  /** Up and down move between images even while the menu button has the focus. */
  onStep: (step: Step) => void;
}

/**
 * The image menu's button: the menu's trigger once the menu has loaded (ImageMenu.tsx), and the same
 * button, plain, before (the menu and its library load on first use: ViewerToolbar.tsx).
 */
export function ImageMenuButton({ onStep, onKeyDown, ...props }: ImageMenuButtonProps) {
  const { t } = useTranslation('image');
  return (
    <button
      type="button"
      className={styles.trigger}
      aria-label={t('menu.open')}
      aria-haspopup="menu"
      data-testid="image-menu-button"
      {...props}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        // A menu button opens on ArrowDown; here the arrows keep walking the board (Enter or Space open).
        if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
        event.preventDefault();
        onStep(event.key === 'ArrowDown' ? 'next' : 'previous');
      }}
    >
      <MoreIcon size={22} />
    </button>
  );
}

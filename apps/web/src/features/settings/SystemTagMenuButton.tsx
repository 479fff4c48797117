import type { ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDownIcon, EyeOffIcon } from '../../ui/icons.tsx';
import styles from './Settings.module.css';

/**
 * The button of the system tags menu: the menu's trigger once the menu has loaded (SystemTagMenu.tsx), and
 * the same button, plain, before (the menu and its library load on first use: HiddenTagsCard.tsx).
 */
export function SystemTagMenuButton(props: ComponentPropsWithRef<'button'>) {
  const { t } = useTranslation('settings');
  return (
    <button
      type="button"
      className={styles.menuTrigger}
      aria-haspopup="menu"
      data-testid="hidden-tags-system"
      {...props}
    >
      <EyeOffIcon size={18} />
      <span>{t('hidden_tags.system_open')}</span>
      <ChevronDownIcon size={18} className={styles.menuChevron} />
    </button>
  );
}

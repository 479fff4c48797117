import * as RadixDialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './Dialog.module.css';
import { CloseIcon } from './icons.tsx';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** Hide the title visually (it still names the dialog for screen readers). */
  hideTitle?: boolean;
  description?: ReactNode;
  variant?: 'modal' | 'drawer';
  /** Modals become a bottom sheet on small screens. */
  fullOnMobile?: boolean;
  children: ReactNode;
  testId?: string;
  /** False for a decision that must be answered (the redeem conflicts): no close button, and neither
   * Escape nor a click outside closes it; its own buttons do. */
  dismissible?: boolean;
}

const prevent = (event: Event) => event.preventDefault();

/** The dialog itself (Radix Dialog): Dialog.tsx renders it once it has been opened. */
export function DialogFrame({
  open,
  onOpenChange,
  title,
  hideTitle = false,
  description,
  variant = 'modal',
  fullOnMobile = true,
  children,
  testId,
  dismissible = true,
}: DialogProps) {
  const { t } = useTranslation('common');
  // Radix links a description itself; without one, aria-describedby must be explicitly undefined.
  const describedBy = description ? {} : { 'aria-describedby': undefined };
  const className = [styles.content, styles[variant], fullOnMobile ? styles.fullOnMobile : ''].join(' ');
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.overlay} />
        <RadixDialog.Content
          className={className}
          data-testid={testId}
          {...describedBy}
          {...(dismissible ? {} : { onEscapeKeyDown: prevent, onPointerDownOutside: prevent })}
        >
          <div className={styles.header}>
            <div className={styles.titles}>
              <RadixDialog.Title className={hideTitle ? 'visually-hidden' : styles.title}>
                {title}
              </RadixDialog.Title>
              {description && (
                <RadixDialog.Description className={styles.description}>
                  {description}
                </RadixDialog.Description>
              )}
            </div>
            {dismissible && (
              <RadixDialog.Close className={styles.close} aria-label={t('actions.close')}>
                <CloseIcon />
              </RadixDialog.Close>
            )}
          </div>
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

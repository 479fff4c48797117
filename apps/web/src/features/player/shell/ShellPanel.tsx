import * as RadixDialog from '@radix-ui/react-dialog';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../../../ui/icons.tsx';
import styles from './ShellPanel.module.css';

/**
 * A panel under the top menu (the bell, the ticket tracker): a non-modal dialog opened by its trigger, that
 * closes on Escape, on a click outside or when the page scrolls; full width on phones. It is loaded by a
 * press of its trigger (ui/OnFirstUse.tsx), so it opens at once (`defaultOpen`).
 */
export function ShellPanel({
  trigger,
  title,
  tools,
  actions,
  children,
  testId,
  defaultOpen = false,
}: {
  trigger: ReactNode;
  title: string;
  /** Small icon buttons beside the close button (e.g. the bell's mute toggle). */
  tools?: ReactNode;
  /** Under the title (e.g. "mark all as read"). */
  actions?: ReactNode;
  children: ReactNode;
  testId: string;
  defaultOpen?: boolean;
}) {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(defaultOpen);

  useEffect(() => {
    if (!open) return;
    // The page's own scroll (the menu may slide away), not the panel's list: scroll events do not bubble.
    const close = () => setOpen(false);
    window.addEventListener('scroll', close, { passive: true });
    return () => window.removeEventListener('scroll', close);
  }, [open]);

  return (
    <RadixDialog.Root open={open} onOpenChange={setOpen} modal={false}>
      <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger>
      <RadixDialog.Portal>
        <RadixDialog.Content className={styles.panel} data-testid={testId} aria-describedby={undefined}>
          <div className={styles.header}>
            <RadixDialog.Title className={styles.title}>{title}</RadixDialog.Title>
            {tools}
            <RadixDialog.Close className={styles.close} aria-label={t('actions.close')}>
              <CloseIcon size={18} />
            </RadixDialog.Close>
          </div>
          {/* A row of its own: the title and the actions do not fit side by side in every language. */}
          {actions && <div className={styles.actions}>{actions}</div>}
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** A link that closes the panel it is in as it navigates. */
export const PanelClose = RadixDialog.Close;

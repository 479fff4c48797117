import { ForgotPasswordDialog } from '../../features/account/ForgotPasswordDialog.tsx';
import { LanguageDialog } from '../../features/language/LanguageDialog.tsx';
import { closeModal, useActiveModal } from '../../features/modal/modal.ts';
import { NavDrawer } from './NavDrawer.tsx';

/** Renders the one app-level modal that is open (layer 5000, docs/product/routes.md#shell). */
export function ModalHost() {
  const active = useActiveModal();
  const onOpenChange = (open: boolean) => {
    if (!open) closeModal();
  };
  return (
    <>
      <NavDrawer open={active === 'drawer'} onOpenChange={onOpenChange} />
      <LanguageDialog open={active === 'language'} onOpenChange={onOpenChange} />
      {/* Mounted only while open so that each opening starts with an empty form. */}
      {active === 'forgot-password' && <ForgotPasswordDialog open onOpenChange={onOpenChange} />}
    </>
  );
}

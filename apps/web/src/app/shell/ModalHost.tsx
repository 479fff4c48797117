import { lazy, Suspense, useState } from 'react';
import { closeModal, useActiveModal, type ModalName } from '../../features/modal/modal.ts';

// Each modal (and the dialog library under it) loads the first time it opens, not with every page.
const NavDrawer = lazy(() => import('./NavDrawer.tsx').then((m) => ({ default: m.NavDrawer })));
const LanguageDialog = lazy(() =>
  import('../../features/language/LanguageDialog.tsx').then((m) => ({ default: m.LanguageDialog })),
);
const ForgotPasswordDialog = lazy(() =>
  import('../../features/account/ForgotPasswordDialog.tsx').then((m) => ({
    default: m.ForgotPasswordDialog,
  })),
);

/** Renders the one app-level modal that is open (layer 5000, docs/product/routes.md#shell). */
export function ModalHost() {
  const active = useActiveModal();
  // Once opened, the drawer and the language dialog stay mounted (closed), as before they loaded lazily:
  // closing plays their exit animation and reopening is immediate.
  const [opened, setOpened] = useState<readonly ModalName[]>([]);
  if (active && !opened.includes(active)) setOpened([...opened, active]);
  const onOpenChange = (open: boolean) => {
    if (!open) closeModal();
  };
  return (
    <>
      {opened.includes('drawer') && (
        <Suspense fallback={null}>
          <NavDrawer open={active === 'drawer'} onOpenChange={onOpenChange} />
        </Suspense>
      )}
      {opened.includes('language') && (
        <Suspense fallback={null}>
          <LanguageDialog open={active === 'language'} onOpenChange={onOpenChange} />
        </Suspense>
      )}
      {/* Mounted only while open so that each opening starts with an empty form. */}
      {active === 'forgot-password' && (
        <Suspense fallback={null}>
          <ForgotPasswordDialog open onOpenChange={onOpenChange} />
        </Suspense>
      )}
    </>
  );
}

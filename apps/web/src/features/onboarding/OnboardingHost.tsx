import { lazy, Suspense, useState } from 'react';
import { forgetNewAccount, isNewAccount, useSession } from '../session/index.ts';
import { endTour, queueTour, startTour, useTourActive } from './tour/tourState.ts';

// Each part loads only when it shows: most visits show none of them (issue 20: the first load stays small).
const RegisterSuccessDialog = lazy(() =>
  import('./RegisterSuccessDialog.tsx').then((m) => ({ default: m.RegisterSuccessDialog })),
);
const AccountSetupDialog = lazy(() =>
  import('./AccountSetupDialog.tsx').then((m) => ({ default: m.AccountSetupDialog })),
);
const ProductTour = lazy(() => import('./tour/ProductTour.tsx').then((m) => ({ default: m.ProductTour })));

/**
 * A signed-in user's first steps, one at a time (docs/product/accounts.md#onboarding): the register-success
 * dialog right after sign-up, then the account setup while `tag_setting_ack` is false (not closable), then
 * the product tour (after the setup, or when asked for). Nothing for guests.
 */
export function OnboardingHost() {
  const { signedIn, user } = useSession();
  const [welcome, setWelcome] = useState(isNewAccount);
  const tourActive = useTourActive();
  if (!signedIn || !user) return null;

  let part = null;
  if (welcome) {
    part = (
      <RegisterSuccessDialog
        user={user}
        onClose={({ tour }) => {
          forgetNewAccount();
          setWelcome(false);
          if (tour) startTour();
        }}
      />
    );
  } else if (!user.tag_setting_ack) {
    part = <AccountSetupDialog user={user} onDone={queueTour} />;
  } else if (tourActive) {
    part = <ProductTour onEnd={endTour} />;
  }
  return <Suspense fallback={null}>{part}</Suspense>;
}

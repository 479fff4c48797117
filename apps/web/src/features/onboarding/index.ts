/**
 * Onboarding (docs/product/accounts.md#onboarding): the register-success and account-setup dialogs and the
 * product tour, hosted by the shell; `startTour` for the "Take the tour" entries.
 */
export { OnboardingHost } from './OnboardingHost.tsx';
export { startTour } from './tour/tourState.ts';

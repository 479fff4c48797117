/**
 * "This browser has just created its account": set by the sign-up form before the reload that signs the
 * user in, read once by the onboarding after it to show the register-success dialog
 * (docs/product/accounts.md#after-sign-up). Session storage: it belongs to this tab and dies with it.
 */
const NEW_ACCOUNT_KEY = 'mirage:new-account';

function storage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

export function markNewAccount(): void {
  try {
    storage()?.setItem(NEW_ACCOUNT_KEY, '1');
  } catch {
    // Storage full or refused: the welcome dialog is skipped, nothing else depends on it.
  }
}

/** Whether the account was created in this tab and its welcome not yet shown. */
export function isNewAccount(): boolean {
  return storage()?.getItem(NEW_ACCOUNT_KEY) === '1';
}

/** The welcome was shown: a reload does not show it again. */
export function forgetNewAccount(): void {
  storage()?.removeItem(NEW_ACCOUNT_KEY);
}

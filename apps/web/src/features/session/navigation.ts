/**
 * Sign-in and sign-out reload the whole app (docs/product/accounts.md#sign-in-state: "the page reloads and
 * goes to /explore"), so that every cache, store and open modal starts clean for the new identity.
 */
export function reloadTo(path: string): void {
  window.location.assign(path);
}

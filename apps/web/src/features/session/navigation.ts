/**
 * Sign-in and sign-out reload the whole app (spec §4: "the page reloads and goes to /explore"), so that
 * every cache, store and open modal starts clean for the new identity.
 */
export function reloadTo(path: string): void {
  window.location.assign(path);
}

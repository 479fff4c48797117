/**
 * The browser's local storage, or undefined where it is missing or refused (privacy settings, a sandboxed
 * frame): the caller then keeps its choice for the page's life only.
 */
export function browserStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/**
 * The tab a key moves to in a row of tabs (WAI-ARIA tabs pattern): arrows move and wrap around, Home and
 * End jump to the ends; any other key moves nowhere (null).
 */
export function nextTab<T>(tabs: readonly T[], current: T, key: string): T | null {
  const index = tabs.indexOf(current);
  const last = tabs.length - 1;
  const target =
    key === 'ArrowRight'
      ? index === last
        ? 0
        : index + 1
      : key === 'ArrowLeft'
        ? index <= 0
          ? last
          : index - 1
        : key === 'Home'
          ? 0
          : key === 'End'
            ? last
            : null;
  return target === null ? null : (tabs[target] ?? null);
}

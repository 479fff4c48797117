/** Client-side constants the spec fixes (docs/product/routes.md, docs/product/limits.md). */
export const APP_VERSION = '2.7';

export const COOKIE = {
  /**
   * Client-visible sign-in flag: "true" while signed in (docs/product/accounts.md#sign-in-state), 30 days.
   */
  auth: 'auth',
  referralCode: 'referral_code',
  language: 'language',
  audio: 'audio',
  version: 'version',
  selectedStyles: 'selected_styles',
  cookieConsent: 'cookie_consent',
  /** The product tour was finished or closed: it does not start on its own for a day. */
  tour: 'tour',
  /** The larger-font preference ("1"), for a day (docs/product/routes.md#cookies-and-local-storage). */
  largerFont: 'larger_font',
} as const;

export const COOKIE_DAYS = {
  auth: 30,
  selectedStyles: 1,
  version: 365,
  referral: 1,
  tour: 1,
  largerFont: 1,
  task: 30,
} as const;

/** Audio is on by default at volume 0.025 (docs/product/accounts.md#settings-page). */
export const DEFAULT_AUDIO = { enabled: true, volume: 0.025 } as const;

/**
 * The `audio` cookie, "on:<volume>" or "off:<volume>": on unless it says off; a missing, empty or
 * out-of-range volume is the default (Number('') is 0, and an empty volume must not read as silence).
 */
export function parseAudioCookie(raw: string | undefined): { enabled: boolean; volume: number } {
  if (!raw) return { ...DEFAULT_AUDIO };
  const [state, volumeText = ''] = raw.split(':');
  const volume = volumeText.trim() === '' ? Number.NaN : Number(volumeText);
  return {
    enabled: state !== 'off',
    volume: Number.isFinite(volume) && volume >= 0 && volume <= 1 ? volume : DEFAULT_AUDIO.volume,
  };
}

/** The larger-font preference scales the root font size by this much (16 px becomes 18 px). */
export const LARGER_FONT_SCALE = 1.125;

/** The top menu hides past this many pixels of downward scroll (docs/product/routes.md#shell). */
export const MENU_HIDE_SCROLL_PX = 200;
/** "keep updated" saves 300 ms after the last change (docs/product/limits.md#interface). */
export const KEEP_UPDATED_DEBOUNCE_MS = 300;
/** Signup notice when redirected from the generator (docs/product/routes.md): 6 s. */
export const CREATE_REDIRECT_NOTICE_MS = 6000;
/**
 * The AI prompt assistant's buttons stay disabled 5.2 s after each use (docs/product/generation.md#ai-prompt-assistant,
 * docs/product/limits.md#interface): one request per press, and not a stream of them.
 */
export const ASSISTANT_LOCKOUT_MS = 5200;
/** "ai_autocompletion_block_gen": Create pressed while a prompt suggestion is pending or shown, 4 s. */
export const ASSISTANT_BLOCK_NOTICE_MS = 4000;

/**
 * The top menu's search button (docs/product/routes.md#shell): /explore with the search panel open
 * (search=open) and its first tag box focused. `focus=search` is a one-shot intent: the panel removes it
 * from the address once the box has the focus, so a reload or Back does not focus it again.
 */
export const GALLERY_SEARCH_FOCUS = { param: 'focus', value: 'search' } as const;
export const GALLERY_SEARCH_HREF = '/explore?search=open&focus=search';

/**
 * Ticket counts above 10000 are shown compactly with k, M, B (docs/product/routes.md#shell,
 * docs/product/limits.md#interface).
 */
export function formatCompactCount(value: number): string {
  if (Math.abs(value) <= 10000) return String(value);
  const units: [number, string][] = [
    [1e9, 'B'],
    [1e6, 'M'],
    [1e3, 'k'],
  ];
  for (const [size, suffix] of units) {
    if (Math.abs(value) >= size) {
      const scaled = Math.floor((value / size) * 10) / 10;
      return `${scaled.toFixed(1).replace(/\.0$/, '')}${suffix}`;
    }
  }
  return String(value);
}

/** Bots skip route guards (docs/product/routes.md#guards); recognised by user agent. */
const BOT_PATTERN = /bot|crawler|spider|crawling|slurp|facebookexternalhit|embedly|preview|lighthouse/i;
export function isBotUserAgent(userAgent: string): boolean {
  return BOT_PATTERN.test(userAgent);
}

/**
 * Route guards of spec §2, as a pure function the web router calls on each navigation.
 * Returns where to go instead, or null to stay.
 */
export const LOGIN_REQUIRED_PATHS = [
  '/collection',
  '/creations',
  '/tweak',
  '/daily-tasks',
  '/settings',
] as const;
export const LANDING_PATHS = ['/', '/ai-hentai-generator', '/ai-realistic-generator'] as const;
export const GALLERY_PATH = '/explore';

export interface GuardInput {
  pathname: string;
  signedIn: boolean;
  isBot: boolean;
}

export function guardRedirect({ pathname, signedIn, isBot }: GuardInput): string | null {
  if (isBot || pathname === '/oauth') return null;
  if (signedIn && (LANDING_PATHS as readonly string[]).includes(pathname)) return GALLERY_PATH;
  if (!signedIn && (LOGIN_REQUIRED_PATHS as readonly string[]).includes(pathname)) return GALLERY_PATH;
  return null;
}

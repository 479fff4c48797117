/** The guest trial feature's public face: what other features and the app import from it. */
export { createGuestRepository, isGuestOwner } from './repository.ts';
export { createGuestTrial } from './service.ts';
export type { GuestTrial } from './service.ts';
export { GUEST_COOKIE, guestHandOverHook, guestToken, registerGuestRoutes } from './routes.ts';

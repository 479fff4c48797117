/**
 * The player's parts of the shell (docs/product/player.md, docs/product/routes.md#shell): the bell, the
 * ticket tracker, the XP bar of the avatar menu, and the watcher that keeps them fresh, plays the sounds and
 * opens the reward overlay. The panels and the overlay load on first use;
 * the XP bar (./XpBar.tsx) is imported by the avatar menu, which loads on first use too.
 */
export { NotificationBell } from './NotificationBell.tsx';
export { PlayerWatch } from './LazyPlayerWatch.tsx';
export { TicketTracker } from './TicketTracker.tsx';

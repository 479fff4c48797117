/**
 * What other features use of the player: its query key (a payment of coins refreshes the player) and the
 * sound cues (a feature that pays a reward plays its sound). The shell and the pages import the player's
 * parts directly (app/shell, pages/).
 */
export { PLAYER_QUERY_KEY } from './queries.ts';
export { requestSound } from './shell/soundCues.ts';

/**
 * Every operation of the HTTP API: its stable operationId, method and path (Fastify's `:param` form;
 * the OpenAPI document writes `{param}`). Plain data with no schema library behind it, so that the web
 * app's client can import it without pulling zod into its first load; the schemas of each operation live
 * in the feature files of this package (index.ts), keyed by the same ids. docs/integrating.md.
 *
 * This file holds the site's operations and the helpers the web app's client needs; operations.ts adds
 * the staff console's (staff-operations.ts), which the web app loads with the console only.
 */
import type { OperationId } from './operations.ts';

/** An operation's method and path pattern. */
export type OperationRoute = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string };

/** Every operation but the staff console's (those are in staff-operations.ts). */
export const SITE_OPERATIONS = {
  // service
  getHealth: { method: 'GET', path: '/api/health' },
  getHealthLive: { method: 'GET', path: '/api/health/live' },
  getHealthReady: { method: 'GET', path: '/api/health/ready' },
  getMetrics: { method: 'GET', path: '/metrics' },
  getCommunityLinks: { method: 'GET', path: '/api/config/community' },
  getSiteInfo: { method: 'GET', path: '/api/config/site' },
  getServiceWorkerToken: { method: 'GET', path: '/api/config/token' },
  getFilesReadToken: { method: 'GET', path: '/api/config/b2_token' },
  getLegalPdf: { method: 'GET', path: '/legal/:doc.pdf' },
  checkProvenance: { method: 'POST', path: '/api/provenance/check' },
  // accounts
  createUser: { method: 'POST', path: '/api/user/create' },
  logIn: { method: 'POST', path: '/api/user/login' },
  logOut: { method: 'POST', path: '/api/user/logout' },
  getMe: { method: 'GET', path: '/api/user/me' },
  updateUser: { method: 'POST', path: '/api/user/update' },
  sendPasswordReset: { method: 'POST', path: '/api/user/send_reset_pwd' },
  resetPassword: { method: 'POST', path: '/api/user/reset_pwd' },
  verifyEmail: { method: 'POST', path: '/api/user/verify-email' },
  resendVerificationEmail: { method: 'POST', path: '/api/user/verify-email/resend' },
  listOAuthProviders: { method: 'GET', path: '/api/user/oauth/providers' },
  startOAuthLogin: { method: 'GET', path: '/api/user/login/oauth/:provider/start' },
  logInWithOAuth: { method: 'POST', path: '/api/user/login/oauth' },
  exportAccountData: { method: 'GET', path: '/api/user/export' },
  deleteAccount: { method: 'POST', path: '/api/user/delete' },
  // generation
  createTxt2img: { method: 'POST', path: '/api/tasks/txt2img' },
  createGuestTxt2img: { method: 'POST', path: '/api/tasks/guest/txt2img' },
  listGuestTasks: { method: 'GET', path: '/api/tasks/guest' },
  streamGuestTasks: { method: 'GET', path: '/api/tasks/guest/monitor' },
  createUpscale: { method: 'POST', path: '/api/tasks/:uuid/upscale' },
  createInpaint: { method: 'POST', path: '/api/tasks/img2img/inpaint' },
  createStyleConvert: { method: 'POST', path: '/api/tasks/img2img/convert' },
  completePromptTags: { method: 'POST', path: '/api/tasks/tags' },
  convertPromptToTags: { method: 'POST', path: '/api/tasks/nl_convert' },
  streamTaskMonitor: { method: 'GET', path: '/api/tasks/monitor' },
  streamEvents: { method: 'GET', path: '/api/events' },
  // catalogue
  listStyles: { method: 'GET', path: '/api/config/styles' },
  listModifiers: { method: 'GET', path: '/api/settings/modifiers' },
  listBannedWords: { method: 'GET', path: '/api/config/banned_words' },
  listModerationRules: { method: 'GET', path: '/api/config/moderation_rules' },
  getPresets: { method: 'GET', path: '/api/preset' },
  getRandomPreset: { method: 'GET', path: '/api/preset/random' },
  setPresetFavorite: { method: 'PUT', path: '/api/preset/:id/favorite' },
  getModifierImage: { method: 'GET', path: '/image/modifiers/:file' },
  getStylePreview: { method: 'GET', path: '/api/catalogue/preview/style/:file' },
  getBoosterPreview: { method: 'GET', path: '/api/catalogue/preview/booster/:file' },
  // images
  getImageFile: { method: 'GET', path: '/images/:file' },
  getImageInfo: { method: 'GET', path: '/api/image/:uuid/info' },
  getImageGenInfo: { method: 'GET', path: '/api/image/:uuid/info/gen' },
  getImageTags: { method: 'GET', path: '/api/image/:uuid/tags' },
  toggleImagePrivate: { method: 'PUT', path: '/api/image/:uuid/private' },
  deleteImage: { method: 'DELETE', path: '/api/image/:uuid' },
  // gallery and collections
  searchGallery: { method: 'POST', path: '/api/gallery/search' },
  searchGalleryTags: { method: 'GET', path: '/api/gallery/search/tags' },
  addFavorite: { method: 'POST', path: '/api/action/favorite' },
  removeFavorite: { method: 'DELETE', path: '/api/action/favorite' },
  removeFavorites: { method: 'DELETE', path: '/api/action/favorites' },
  reportImage: { method: 'PUT', path: '/api/action/report/:flag' },
  // saved prompts (list and delete share one path template: `target` is a list name or a prompt's id)
  savePrompt: { method: 'POST', path: '/api/prompt/save' },
  listPrompts: { method: 'POST', path: '/api/prompt/:target' },
  deletePrompt: { method: 'DELETE', path: '/api/prompt/:target' },
  publishPrompt: { method: 'POST', path: '/api/prompt/:id/publish' },
  subscribePrompt: { method: 'POST', path: '/api/prompt/:id/subscribe' },
  // tag settings
  getBannedTags: { method: 'GET', path: '/api/settings/tags/ban' },
  setBannedTags: { method: 'PUT', path: '/api/settings/tags/ban' },
  listSystemTags: { method: 'GET', path: '/api/settings/tags/system' },
  // player
  getPlayer: { method: 'GET', path: '/api/player/me' },
  listAchievements: { method: 'GET', path: '/api/achievements' },
  listItems: { method: 'GET', path: '/api/items' },
  listNotifications: { method: 'GET', path: '/api/notifications' },
  consumeNotification: { method: 'PUT', path: '/api/notifications/:id/consume' },
  consumeNotifications: { method: 'PUT', path: '/api/notifications/consume/all/:type' },
  unlockReward: { method: 'PUT', path: '/api/reward/:type/unlock' },
  equipAvatar: { method: 'PUT', path: '/api/player/avatar' },
  setTitle: { method: 'PUT', path: '/api/player/title/:achievementId' },
  getPublicProfile: { method: 'GET', path: '/api/public/:userId/profile' },
  getPublicAchievements: { method: 'GET', path: '/api/public/:userId/achievements' },
  getDailyQuest: { method: 'GET', path: '/api/action/daily_quest' },
  openDailyQuest: { method: 'POST', path: '/api/action/daily_quest/open' },
  completeDailyQuest: { method: 'POST', path: '/api/action/daily_quest' },
  countScroll: { method: 'POST', path: '/api/player/scroll' },
  getImageCount: { method: 'GET', path: '/api/count' },
  getLeaderboard: { method: 'POST', path: '/api/leaderboard/:board' },
  getShop: { method: 'GET', path: '/api/shop' },
  createOrder: { method: 'POST', path: '/api/payment/:provider/order' },
  receivePaymentNotification: { method: 'POST', path: '/api/payment/:provider/webhook' },
  listPayments: { method: 'GET', path: '/api/payment/history' },
  getSubscription: { method: 'GET', path: '/api/payment/subscription' },
  decideSandboxPayment: { method: 'POST', path: '/api/payment/sandbox/:orderId/decision' },
  redeemSerialKey: { method: 'POST', path: '/api/:reseller/redeem/:serialKey' },
  listResellers: { method: 'GET', path: '/api/resellers' },
  listReferrals: { method: 'GET', path: '/api/referral' },
  redeemReferral: { method: 'POST', path: '/api/referral/:referralCode' },
  getGameEventForVisitor: { method: 'GET', path: '/api/event/visitor' },
  getGameEvent: { method: 'GET', path: '/api/event' },
  consumeGameEvent: { method: 'POST', path: '/api/event/:uuid' },
  claimGameEventImage: { method: 'POST', path: '/api/event/:eventUuid/:imageUuid' },
  // worker protocol
  leaseJob: { method: 'POST', path: '/api/worker/lease' },
  reportJobProgress: { method: 'POST', path: '/api/worker/jobs/:id/progress' },
  completeJob: { method: 'POST', path: '/api/worker/jobs/:id/complete' },
  failJob: { method: 'POST', path: '/api/worker/jobs/:id/fail' },
  getJobSource: { method: 'GET', path: '/api/worker/jobs/:id/source' },
  getJobMask: { method: 'GET', path: '/api/worker/jobs/:id/mask' },
  getWorkerStatus: { method: 'GET', path: '/api/worker/status' },
} as const satisfies Record<string, OperationRoute>;

/**
 * Operations sent with POST that only read: their query lives in a JSON body (a gallery search, a page of
 * saved prompts). With every GET, they change nothing on the server.
 */
const READING_POSTS: ReadonlySet<OperationId> = new Set<OperationId>(['searchGallery', 'listPrompts']);

/** Whether an operation with this method only reads (every GET, and the POSTs that carry a query). */
export function readsOnly(id: OperationId, method: string): boolean {
  return method === 'GET' || READING_POSTS.has(id);
}

/** An operation's path pattern with its `:param`s filled in (each value URL-encoded). */
export function fillPath(
  id: OperationId,
  pattern: string,
  params: Readonly<Record<string, string | number>> = {},
): string {
  return pattern.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${id}: the path parameter ${name} is missing`);
    return encodeURIComponent(String(value));
  });
}

/**
 * The staff console's operations (`/api/mod/*`, docs/product/moderation-console.md): method and path, plain
 * data like operations.ts. A table of its own so that the web app loads it with the console's chunk only.
 */
import type { OperationRoute } from './site-operations.ts';

export const STAFF_OPERATIONS = {
  // signed-in staff: moderator or admin role
  getStaffMe: { method: 'GET', path: '/api/mod/me' },
  listStaffReports: { method: 'GET', path: '/api/mod/reports' },
  approveReport: { method: 'POST', path: '/api/mod/reports/:id/approve' },
  rejectReport: { method: 'POST', path: '/api/mod/reports/:id/reject' },
  listModerationReviews: { method: 'GET', path: '/api/mod/reviews' },
  resolveModerationReview: { method: 'POST', path: '/api/mod/reviews/:id/resolve' },
  searchStaffUsers: { method: 'GET', path: '/api/mod/users' },
  getStaffUser: { method: 'GET', path: '/api/mod/users/:id' },
  muteUser: { method: 'POST', path: '/api/mod/users/:id/mute' },
  unmuteUser: { method: 'POST', path: '/api/mod/users/:id/unmute' },
  banUser: { method: 'POST', path: '/api/mod/users/:id/ban' },
  unbanUser: { method: 'POST', path: '/api/mod/users/:id/unban' },
  revokeUserSessions: { method: 'POST', path: '/api/mod/users/:id/sessions/revoke' },
  adjustUserBalance: { method: 'POST', path: '/api/mod/users/:id/balance' },
  listStaffAudit: { method: 'GET', path: '/api/mod/audit' },
  listHeldImages: { method: 'GET', path: '/api/mod/images' },
  resolveHeldImage: { method: 'POST', path: '/api/mod/images/:id/resolve' },
  getStaffImagePreview: { method: 'GET', path: '/api/mod/previews/:uuid' },
  listFlaggedPayments: { method: 'GET', path: '/api/mod/payments' },
  resolveFlaggedPayment: { method: 'POST', path: '/api/mod/payments/:kind/:id/resolve' },
  listStaffGameEvents: { method: 'GET', path: '/api/mod/events' },
  createStaffGameEvent: { method: 'POST', path: '/api/mod/events' },
  endStaffGameEvent: { method: 'POST', path: '/api/mod/events/:uuid/end' },
  listStaffRules: { method: 'GET', path: '/api/mod/rules' },
  createStaffRule: { method: 'POST', path: '/api/mod/rules' },
  updateStaffRule: { method: 'PUT', path: '/api/mod/rules/:id' },
  deleteStaffRule: { method: 'DELETE', path: '/api/mod/rules/:id' },
  listKeyBatches: { method: 'GET', path: '/api/mod/key-batches' },
  revokeKeyBatch: { method: 'POST', path: '/api/mod/key-batches/:id/revoke' },
  listStaffWorkers: { method: 'GET', path: '/api/mod/workers' },
  issueWorkerToken: { method: 'POST', path: '/api/mod/workers' },
  revokeWorker: { method: 'POST', path: '/api/mod/workers/:id/revoke' },
} as const satisfies Record<string, OperationRoute>;

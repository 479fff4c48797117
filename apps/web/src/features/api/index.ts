/** The API client, error texts and the root query keys other features invalidate. */
export {
  addOperations,
  apiRequest,
  ApiError,
  call,
  callWithHeaders,
  firstScreenAnswer,
  onNotificationHeader,
  pathOf,
} from './client.ts';
export { errorCode, useErrorText } from './errorText.ts';
export { IMAGE_QUERY_KEY } from './queryKeys.ts';
export { takeFirstScreenShuffleSeed } from './firstScreen.ts';

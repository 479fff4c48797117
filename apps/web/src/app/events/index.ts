/** The app's live stream (GET /api/events): the provider, and how features subscribe to its events. */
export { EventStreamProvider } from './EventStreamProvider.tsx';
export { useLiveEvent } from './context.ts';

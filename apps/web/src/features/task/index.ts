/**
 * The user's tasks on the web: a store per feature (the generator's results, the viewer's upscales) fed
 * by the app's one live stream (app/events), and the user's recent tasks kept in the browser (loaded lazily).
 */
export {
  acceptedTaskView,
  createTaskStore,
  type TaskAccepted,
  type TaskEnd,
  type TaskStore,
} from './taskStore.ts';
export { useTaskFeed, useTasks } from './useTaskFeed.ts';
export { loadLocalGenerations } from './lazyLocal.ts';
export type { LocalSync } from './localGenerations.ts';

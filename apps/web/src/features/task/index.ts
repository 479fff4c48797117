/**
 * The user's tasks on the web: a store per feature (the generator's results, the viewer's upscales) fed
 * by the app's one live stream (app/events).
 */
export { createTaskStore, type TaskAccepted, type TaskEnd, type TaskStore } from './taskStore.ts';
export { useTaskFeed, useTasks } from './useTaskFeed.ts';

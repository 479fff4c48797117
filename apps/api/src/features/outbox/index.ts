/** The transactional outbox: what other features use (docs/architecture/events.md). */
export { appendEvent, type AppendOptions, type Executor } from './repository.ts';
export {
  createHandlerRegistry,
  type EventHandler,
  type HandlerContext,
  type HandlerRegistry,
} from './handlers.ts';
export {
  createOutboxDispatcher,
  defaultRetryDelayMs,
  type OutboxDispatcher,
  type OutboxDispatcherOptions,
} from './dispatcher.ts';

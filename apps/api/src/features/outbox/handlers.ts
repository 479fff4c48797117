import type { DomainEventOf, DomainEventType } from '@mirage/domain';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** What a handler is given besides its event. */
export interface HandlerContext {
  /**
   * The dispatcher's transaction: the handler's writes and its processed marker commit together, so a
   * handler's database work happens exactly once. Use only this (never the outer database: on PGlite
   * the transaction holds the only connection).
   */
  trx: Transaction<Database>;
  eventId: number;
  /** 1 on the first run; higher on retries. */
  attempt: number;
  /**
   * `<handler>:<eventId>`: the same on every retry. A side effect outside the database (a mail, a call to
   * a provider) may happen more than once (the commit can fail after it); pass this key where the other
   * side can deduplicate.
   */
  idempotencyKey: string;
  /** When the event was appended (its transaction's start). */
  occurredAt: Date;
}

export type EventHandler<T extends DomainEventType> = (
  event: DomainEventOf<T>,
  context: HandlerContext,
) => Promise<void>;

type AnyHandler = (event: never, context: HandlerContext) => Promise<void>;

/** Handlers by event type, each with a stable name (its processed markers are keyed by it). */
export function createHandlerRegistry() {
  const byType = new Map<DomainEventType, Map<string, AnyHandler>>();
  const names = new Set<string>();
  return {
    /** Registers `handler` for `type` under `name` (one name per type; 'xp' may serve several types). */
    on<T extends DomainEventType>(type: T, name: string, handler: EventHandler<T>): void {
      if (!/^[a-z][a-z0-9_.-]{0,63}$/.test(name)) throw new Error(`bad outbox handler name: ${name}`);
      const handlers = byType.get(type) ?? new Map<string, AnyHandler>();
      if (handlers.has(name)) throw new Error(`outbox handler registered twice: ${type} ${name}`);
      names.add(name);
      handlers.set(name, handler);
      byType.set(type, handlers);
    },

    find(type: string, name: string): EventHandler<DomainEventType> | undefined {
      return byType.get(type as DomainEventType)?.get(name) as EventHandler<DomainEventType> | undefined;
    },

    /** Every (type, handler) pair, as the fan-out statement takes them. */
    routes(): { types: string[]; handlers: string[] } {
      const routes = { types: [] as string[], handlers: [] as string[] };
      for (const [type, handlers] of byType) {
        for (const name of handlers.keys()) {
          routes.types.push(type);
          routes.handlers.push(name);
        }
      }
      return routes;
    },

    names(): string[] {
      return [...names];
    },
  };
}
export type HandlerRegistry = ReturnType<typeof createHandlerRegistry>;

/**
 * The heartbeats of this instance's live streams, and the re-check of their sessions that rides on them.
 *
 * Each stream is put in one of HEARTBEAT_SLOTS slots when it opens (round robin). Every
 * `heartbeatMs / HEARTBEAT_SLOTS` one slot's turn comes: its streams' sessions are checked in one query
 * (`SessionService.liveUsers`), live ones get a heartbeat comment and the others are ended. So every stream
 * still beats and is re-checked once per `heartbeatMs`, but 10,000 open streams cost about one query a
 * second rather than 670 (BENCHMARKS.md, live streams), and their writes are spread over the period.
 */
import type { SessionService } from '../session/index.ts';

export const HEARTBEAT_SLOTS = 15;

/** One stream as the heartbeat sees it. */
export interface Beating {
  /** The stream's session cookie token (undefined: none, which no check accepts). */
  token: string | undefined;
  /**
   * A stream of another kind of session (the guest trial's, features/guest) checks itself instead of
   * the token: true while it is valid.
   */
  check?: () => Promise<boolean>;
  /** The session is still valid: write the heartbeat. */
  beat: () => void;
  /** The session is gone (expired, revoked or deleted): end the stream as unauthorized. */
  expire: () => void;
}

export interface Heartbeats {
  /** Adds a stream; returns its removal. */
  add: (stream: Beating) => () => void;
  /** Stops the ticking (the server closes). */
  stop: () => void;
}

export function createHeartbeats(
  sessions: Pick<SessionService, 'liveUsers'>,
  heartbeatMs: number,
  onError: (error: unknown) => void,
): Heartbeats {
  const slots = Array.from({ length: HEARTBEAT_SLOTS }, () => new Set<Beating>());
  let nextSlot = 0;
  let turn = 0;
  let open = 0;
  let ticker: NodeJS.Timeout | undefined;

  const tick = async () => {
    const slot = slots[turn]!;
    turn = (turn + 1) % HEARTBEAT_SLOTS;
    if (slot.size === 0) return;
    const streams = [...slot];
    const tokens = streams.flatMap((stream) => (stream.token ? [stream.token] : []));
    // A check that could not run (the database restarting) ends nobody: they wait for the next turn.
    const [live, checked] = await Promise.all([
      sessions.liveUsers(tokens),
      Promise.all(streams.map((stream) => (stream.check ? stream.check() : Promise.resolve(undefined)))),
    ]);
    streams.forEach((stream, index) => {
      if (!slot.has(stream)) return; // closed while the check ran
      const valid = stream.check ? checked[index] === true : !!stream.token && live.has(stream.token);
      if (valid) stream.beat();
      else stream.expire();
    });
  };

  return {
    add(stream) {
      const slot = slots[nextSlot]!;
      nextSlot = (nextSlot + 1) % HEARTBEAT_SLOTS;
      slot.add(stream);
      open++;
      ticker ??= setInterval(() => void tick().catch(onError), heartbeatMs / HEARTBEAT_SLOTS);
      return () => {
        if (!slot.delete(stream)) return;
        open--;
        if (open === 0) {
          clearInterval(ticker);
          ticker = undefined;
        }
      };
    },
    stop() {
      clearInterval(ticker);
      ticker = undefined;
    },
  };
}

/**
 * The AI prompt assistant's state (docs/product/generation.md#ai-prompt-assistant), outside React so that
 * the generator's create button and the prompt panel share it and its rules are tested without a browser:
 *
 *   idle --run--> pending --answer--> preview --accept--> idle (the caller puts the suggestion in the prompt)
 *                    |                   \--revert--> idle (the prompt stays as it was)
 *                    \--failure, revert or a changed prompt--> idle, silently
 *
 * Each run locks both action buttons for ASSISTANT_LOCKOUT_MS (5.2 s), whatever the answer.
 */
import { ASSISTANT_LOCKOUT_MS } from '@mirage/domain';

/** "Complete with tags" (POST /api/tasks/tags) or "Convert a sentence to tags" (POST /api/tasks/nl_convert). */
export type AssistantAction = 'complete' | 'convert';

/** Sends the prompt to the assistant and resolves with its suggestion; any rejection is a failure. */
export type SuggestionRequest = (
  action: AssistantAction,
  input: string,
  signal: AbortSignal,
) => Promise<string>;

export type AssistantPhase =
  | { phase: 'idle' }
  | { phase: 'pending'; action: AssistantAction; original: string }
  | { phase: 'preview'; action: AssistantAction; original: string; suggestion: string };

export type AssistantSnapshot = AssistantPhase & {
  /** Whether the toggle has shown the two actions. */
  open: boolean;
  /** True for ASSISTANT_LOCKOUT_MS after each run: both action buttons are disabled. */
  locked: boolean;
};

export interface AssistantStore {
  /** The current state (a new object after each change, so that it works with useSyncExternalStore). */
  snapshot: () => AssistantSnapshot;
  subscribe: (listener: () => void) => () => void;
  setOpen: (open: boolean) => void;
  /**
   * Asks for a suggestion for `prompt`. Returns false, and does nothing, while locked, while another
   * suggestion is pending or shown, or when the prompt is blank.
   */
  run: (action: AssistantAction, prompt: string) => boolean;
  /** Ends the preview and returns the suggestion for the caller to put in the prompt (null if none shown). */
  accept: () => string | null;
  /** Ends a pending request or a preview, leaving the prompt as it was. */
  revert: () => void;
  /** Whether Create must wait (docs/product/generation.md#create-button, step 5). */
  blocksCreate: () => boolean;
  /** Aborts the request in flight and stops the lockout timer (the generator left the page for good). */
  dispose: () => void;
}

/** Same tags, however spaced: a suggestion that changes nothing is not worth a preview. */
function sameText(a: string, b: string): boolean {
  const normal = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();
  return normal(a) === normal(b);
}

export function createAssistantStore(
  request: SuggestionRequest,
  lockoutMs: number = ASSISTANT_LOCKOUT_MS,
): AssistantStore {
  let state: AssistantSnapshot = { phase: 'idle', open: false, locked: false };
  let inFlight: AbortController | null = null;
  let lockTimer: ReturnType<typeof setTimeout> | null = null;
  const listeners = new Set<() => void>();

  function set(next: Partial<AssistantSnapshot>) {
    state = { ...state, ...next } as AssistantSnapshot;
    // A phase change replaces the fields of the old phase (an idle state keeps no suggestion).
    if (next.phase === 'idle') state = { phase: 'idle', open: state.open, locked: state.locked };
    for (const listener of [...listeners]) listener();
  }

  function abort() {
    inFlight?.abort();
    inFlight = null;
  }

  function lock() {
    if (lockTimer !== null) clearTimeout(lockTimer);
    lockTimer = setTimeout(() => {
      lockTimer = null;
      set({ locked: false });
    }, lockoutMs);
  }

  return {
    snapshot: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    setOpen(open) {
      if (state.open !== open) set({ open });
    },
    run(action, prompt) {
      if (state.locked || state.phase !== 'idle' || prompt.trim() === '') return false;
      const controller = new AbortController();
      inFlight = controller;
      set({ phase: 'pending', action, original: prompt, locked: true });
      lock();
      request(action, prompt.trim(), controller.signal).then(
        (suggestion) => {
          // A revert, a changed prompt or a newer run made this answer stale.
          if (inFlight !== controller) return;
          inFlight = null;
          if (suggestion.trim() === '' || sameText(suggestion, prompt)) set({ phase: 'idle' });
          else set({ phase: 'preview', action, original: prompt, suggestion: suggestion.trim() });
        },
        () => {
          // docs/product/generation.md#ai-prompt-assistant: a failure (network, refusal, rate limit)
          // cancels the preview silently.
          if (inFlight !== controller) return;
          inFlight = null;
          set({ phase: 'idle' });
        },
      );
      return true;
    },
    accept() {
      if (state.phase !== 'preview') return null;
      const { suggestion } = state;
      set({ phase: 'idle' });
      return suggestion;
    },
    revert() {
      if (state.phase === 'idle') return;
      abort();
      set({ phase: 'idle' });
    },
    blocksCreate: () => state.phase !== 'idle',
    dispose() {
      abort();
      if (lockTimer !== null) clearTimeout(lockTimer);
      lockTimer = null;
      if (state.phase !== 'idle' || state.locked) set({ phase: 'idle', locked: false });
    },
  };
}

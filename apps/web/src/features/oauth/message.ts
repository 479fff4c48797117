/**
 * How the OAuth return page (/oauth, in the popup) tells the opening tab the outcome.
 * Primary channel: window.opener.postMessage to our own origin (docs/product/accounts.md#sign-in). The
 * provider's pages and ours send Cross-Origin-Opener-Policy headers, and a popup that comes back from another
 * origin is then put in a new browsing context group: window.opener is null and the opener sees the popup as
 * closed. A same-origin BroadcastChannel carries the same message in that case, and the opener acknowledges
 * it on the channel, so the popup knows someone received the result and may close itself.
 */
export const OAUTH_MESSAGE_TYPE = 'mirage-oauth';
export const OAUTH_ACK_TYPE = 'mirage-oauth-ack';
export const OAUTH_CHANNEL = 'mirage-oauth';
/** How long the popup waits for an acknowledgement before it concludes nobody is listening. */
export const OAUTH_ACK_TIMEOUT_MS = 1500;

export interface OAuthMessage {
  type: typeof OAUTH_MESSAGE_TYPE;
  ok: boolean;
  error?: string;
}

function hasType(data: unknown, type: string): boolean {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === type;
}

export function isOAuthMessage(data: unknown): data is OAuthMessage {
  return hasType(data, OAUTH_MESSAGE_TYPE) && typeof (data as { ok?: unknown }).ok === 'boolean';
}

function postToOpener(message: OAuthMessage): boolean {
  const opener = window.opener as Window | null;
  if (!opener || opener === window) return false;
  try {
    opener.postMessage(message, window.location.origin);
    return true;
  } catch {
    return false;
  }
}

/**
 * Sends the outcome to the opener. Resolves true when an opener received it (the popup may then close):
 * at once through window.opener, else when a listening tab acknowledges the broadcast.
 */
export async function sendOAuthResult(
  result: Omit<OAuthMessage, 'type'>,
  timeoutMs: number = OAUTH_ACK_TIMEOUT_MS,
): Promise<boolean> {
  const message: OAuthMessage = { type: OAUTH_MESSAGE_TYPE, ...result };
  const delivered = postToOpener(message);
  if (typeof BroadcastChannel === 'undefined') return delivered;
  const channel = new BroadcastChannel(OAUTH_CHANNEL);
  if (delivered) {
    channel.postMessage(message);
    channel.close();
    return true;
  }
  return new Promise<boolean>((resolve) => {
    const finish = (received: boolean) => {
      clearTimeout(timer);
      channel.close();
      resolve(received);
    };
    const timer = setTimeout(() => finish(false), timeoutMs);
    channel.onmessage = (event: MessageEvent) => {
      if (hasType(event.data, OAUTH_ACK_TYPE)) finish(true);
    };
    channel.postMessage(message);
  });
}

/** Listens on both channels (acknowledging broadcasts); returns the unsubscribe function. */
export function listenForOAuthResult(onResult: (message: OAuthMessage) => void): () => void {
  const onMessage = (event: MessageEvent) => {
    if (event.origin === window.location.origin && isOAuthMessage(event.data)) onResult(event.data);
  };
  window.addEventListener('message', onMessage);
  let channel: BroadcastChannel | null = null;
  if (typeof BroadcastChannel !== 'undefined') {
    const open = new BroadcastChannel(OAUTH_CHANNEL);
    open.onmessage = (event: MessageEvent) => {
      if (!isOAuthMessage(event.data)) return;
      open.postMessage({ type: OAUTH_ACK_TYPE });
      onResult(event.data);
    };
    channel = open;
  }
  return () => {
    window.removeEventListener('message', onMessage);
    channel?.close();
  };
}

/**
 * The redirect URI registered with the provider: /oauth on this origin with the provider as the only
 * query parameter (the provider appends code and state). The server must use the same value at /start.
 */
export function oauthRedirectUri(provider: string): string {
  return `${window.location.origin}/oauth?provider=${encodeURIComponent(provider)}`;
}

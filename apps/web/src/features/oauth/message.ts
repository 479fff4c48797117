/**
 * How the OAuth return page (/oauth, in the popup) tells the opening tab the outcome.
 * Primary channel: window.opener.postMessage to our own origin (spec §2). Some providers isolate the popup
 * (Cross-Origin-Opener-Policy), which cuts window.opener; a same-origin BroadcastChannel carries the same
 * message in that case.
 */
export const OAUTH_MESSAGE_TYPE = 'mirage-oauth';
const CHANNEL_NAME = 'mirage-oauth';

export interface OAuthMessage {
  type: typeof OAUTH_MESSAGE_TYPE;
  ok: boolean;
  error?: string;
}

export function isOAuthMessage(data: unknown): data is OAuthMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { type?: unknown }).type === OAUTH_MESSAGE_TYPE &&
    typeof (data as { ok?: unknown }).ok === 'boolean'
  );
}

/** Sends the outcome to the opener; returns true when an opener received it (the popup may then close). */
export function sendOAuthResult(result: Omit<OAuthMessage, 'type'>): boolean {
  const message: OAuthMessage = { type: OAUTH_MESSAGE_TYPE, ...result };
  if (typeof BroadcastChannel !== 'undefined') {
    const channel = new BroadcastChannel(CHANNEL_NAME);
    channel.postMessage(message);
    channel.close();
  }
  const opener = window.opener as Window | null;
  if (opener && opener !== window) {
    try {
      opener.postMessage(message, window.location.origin);
      return true;
    } catch {
      return false;
    }
  }
  return false;
}

/** Listens on both channels; returns the unsubscribe function. */
export function listenForOAuthResult(onResult: (message: OAuthMessage) => void): () => void {
  const onMessage = (event: MessageEvent) => {
    if (event.origin === window.location.origin && isOAuthMessage(event.data)) onResult(event.data);
  };
  window.addEventListener('message', onMessage);
  let channel: BroadcastChannel | null = null;
  if (typeof BroadcastChannel !== 'undefined') {
    channel = new BroadcastChannel(CHANNEL_NAME);
    channel.onmessage = (event: MessageEvent) => {
      if (isOAuthMessage(event.data)) onResult(event.data);
    };
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

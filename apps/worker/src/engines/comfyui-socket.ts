/**
 * The ComfyUI websocket `/ws?clientId=` (docs/engines.md#comfyui-websocket): text frames `{type, data}`
 * and binary preview frames. One socket per job, with a fresh client id, so every per-prompt event on it
 * is ours; events that arrive before POST /prompt has answered are buffered until a listener is attached.
 */
import WebSocket from 'ws';
import type { RawData } from 'ws';
import { EngineError, isRecord } from './engine.ts';

export type SocketEvent =
  | { kind: 'json'; type: string; data: Record<string, unknown> }
  | { kind: 'preview'; image: Buffer; mime: 'image/jpeg' | 'image/png'; promptId: string | null };

/** Binary event types (ComfyUI protocol.py BinaryEventTypes). */
const PREVIEW_IMAGE = 1;
const PREVIEW_IMAGE_WITH_METADATA = 4;

/** Parses a binary frame; null for frames that carry no preview (type 3 text, unknown types). */
export function parseBinaryFrame(buf: Buffer): SocketEvent | null {
  if (buf.length < 8) return null;
  const type = buf.readUInt32BE(0);
  if (type === PREVIEW_IMAGE) {
    const format = buf.readUInt32BE(4);
    const mime = format === 2 ? 'image/png' : 'image/jpeg';
    return { kind: 'preview', image: buf.subarray(8), mime, promptId: null };
  }
  if (type === PREVIEW_IMAGE_WITH_METADATA) {
    const len = buf.readUInt32BE(4);
    if (buf.length < 8 + len) return null;
    let meta: unknown;
    try {
      meta = JSON.parse(buf.toString('utf8', 8, 8 + len));
    } catch {
      return null;
    }
    const m = isRecord(meta) ? meta : {};
    const mime = m.image_type === 'image/png' ? 'image/png' : 'image/jpeg';
    const promptId = typeof m.prompt_id === 'string' ? m.prompt_id : null;
    return { kind: 'preview', image: buf.subarray(8 + len), mime, promptId };
  }
  return null;
}

export function parseTextFrame(text: string): SocketEvent | null {
  let msg: unknown;
  try {
    msg = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(msg) || typeof msg.type !== 'string') return null;
  return { kind: 'json', type: msg.type, data: isRecord(msg.data) ? msg.data : {} };
}

function toBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}

export class ComfySocket {
  private buffered: SocketEvent[] = [];
  private listener: ((e: SocketEvent) => void) | null = null;
  private closeListener: (() => void) | null = null;
  private closedByUs = false;
  closed = false;

  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (data, isBinary) => {
      const event = isBinary
        ? parseBinaryFrame(toBuffer(data))
        : parseTextFrame(toBuffer(data).toString('utf8'));
      if (!event) return;
      if (this.listener) this.listener(event);
      else this.buffered.push(event);
    });
    ws.on('close', () => {
      this.closed = true;
      if (!this.closedByUs) this.closeListener?.();
    });
    // Errors after the open are followed by 'close'; the listener keeps them from being thrown.
    ws.on('error', () => undefined);
  }

  /**
   * Opens `<base>/ws?clientId=<id>` and, when asked, declares `supports_preview_metadata` so the server
   * sends previews as type 4 frames carrying their prompt id.
   */
  static connect(
    url: string,
    o: { headers: Record<string, string>; timeoutMs: number; previewMetadata: boolean },
  ): Promise<ComfySocket> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, { headers: o.headers, handshakeTimeout: o.timeoutMs });
      const socket = new ComfySocket(ws);
      const fail = (err: unknown) => {
        ws.terminate();
        reject(new EngineError(`ComfyUI websocket: ${(err as Error).message}`, true));
      };
      ws.once('error', fail);
      ws.once('unexpected-response', (_req, res) => fail(new Error(`HTTP ${res.statusCode}`)));
      ws.once('open', () => {
        ws.off('error', fail);
        if (o.previewMetadata) {
          ws.send(JSON.stringify({ type: 'feature_flags', data: { supports_preview_metadata: true } }));
        }
        resolve(socket);
      });
    });
  }

  /** Delivers buffered and future events to `fn`. */
  listen(fn: (e: SocketEvent) => void, onUnexpectedClose: () => void): void {
    this.listener = fn;
    this.closeListener = onUnexpectedClose;
    const pending = this.buffered;
    this.buffered = [];
    for (const e of pending) fn(e);
    if (this.closed && !this.closedByUs) onUnexpectedClose();
  }

  close(): void {
    this.closedByUs = true;
    this.listener = null;
    this.closeListener = null;
    if (this.ws.readyState === WebSocket.CONNECTING) this.ws.terminate();
    else this.ws.close();
  }
}

/**
 * A fake ComfyUI server (node:http + ws) faithful to docs/engines.md (#comfyui-http-routes,
 * #comfyui-websocket, #comfyui-workflows): POST /prompt validation, a queue run one prompt at a time,
 * websocket events routed to the prompt's client id, binary previews (type 1, or type 4 for clients that
 * declared supports_preview_metadata), history written before the final `executing {node:null}`, /view
 * serving real PNGs at the size the workflow implies, uploads (fake-comfyui-upload.ts).
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import sharp from 'sharp';
import { WebSocketServer } from 'ws';
import type { RawData, WebSocket } from 'ws';
import { objectInfo, nodeSpecs, sizeOf, topoOrder } from './fake-comfyui-graph.ts';
import type { NodeSpec, Workflow } from './fake-comfyui-graph.ts';
import { validatePrompt } from './fake-comfyui-validate.ts';
import { FileStore, previewFrame } from './fake-comfyui-files.ts';
import { uploadImage, uploadMask } from './fake-comfyui-upload.ts';
import { closeServer, delay, listen, readBody, sendEmpty, sendJson, text } from './http-util.ts';

export interface FakeComfyOptions {
  checkpoints?: string[];
  loras?: string[];
  upscaleModels?: string[];
  /** A pre-2024-07 server: no execution_success, no feature flags (type 1 previews), no display_node. */
  oldServer?: boolean;
  /** Make the node of this class_type raise during execution (execution_error). */
  failOn?: { classType: string; message: string; type?: string };
  /** Close the client's websocket after the first progress event of a prompt. */
  dropSocket?: boolean;
  /** Do not send `executed` (a missed frame): clients must read the outputs from /history. */
  skipExecuted?: boolean;
  /** Answer websocket upgrades with 404 (a proxy that does not pass websockets). */
  refuseWebsocket?: boolean;
  /** No /models route (an old server): clients must read /object_info. */
  noModelsRoute?: boolean;
  /** Delay per sampler step (default 3 ms). */
  stepMs?: number;
  /** Delay between execution_success and the history entry (task_done), default 30 ms. */
  historyDelayMs?: number;
  /** Install the facerestore_cf custom nodes with these models in models/facerestore_models. */
  faceRestoreModels?: string[];
}

interface QueueItem {
  number: number;
  id: string;
  prompt: Workflow;
  extra: { client_id?: string };
  outputs: string[];
}

const now = () => Date.now();

export class FakeComfyUI {
  url = '';
  /** Every POST /prompt body, valid or not. */
  readonly prompts: { prompt: Workflow; client_id?: string }[] = [];
  readonly interrupts: unknown[] = [];
  readonly requests: string[] = [];
  /** Uploaded inputs and SaveImage outputs. */
  readonly store = new FileStore();
  readonly history: Record<string, unknown> = {};
  private readonly sockets = new Map<string, { ws: WebSocket; metadata: boolean }>();
  private readonly queue: QueueItem[] = [];
  private running: QueueItem | null = null;
  private interrupted = false;
  private counter = 0;
  private readonly specs: Record<string, NodeSpec>;
  private readonly server: Server;
  private readonly wss = new WebSocketServer({ noServer: true });
  private previewJpeg = Buffer.alloc(0);

  constructor(readonly options: FakeComfyOptions = {}) {
    this.specs = nodeSpecs({
      checkpoints: options.checkpoints ?? ['sd_xl_base_1.0.safetensors', 'anime_v2.safetensors'],
      loras: options.loras ?? ['style.safetensors', 'detail_tweaker.safetensors'],
      upscaleModels: options.upscaleModels ?? ['4x-UltraSharp.pth', 'RealESRGAN_x2plus.pth'],
      uploads: () => [...this.store.uploads.keys()],
      faceRestoreModels: options.faceRestoreModels,
    });
    this.server = createServer((req, res) => {
      this.route(req, res).catch((err: Error) => sendJson(res, 500, { error: err.message }));
    });
    this.server.on('upgrade', (req, socket, head) => {
      const url = new URL(req.url ?? '/', 'http://x');
      if (this.options.refuseWebsocket) {
        socket.end('HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\n\r\n');
        return;
      }
      if (url.pathname !== '/ws' && url.pathname !== '/api/ws') {
        socket.destroy();
        return;
      }
      this.wss.handleUpgrade(req, socket, head, (ws) => this.connect(ws, url.searchParams.get('clientId')));
    });
  }

  static async start(options: FakeComfyOptions = {}): Promise<FakeComfyUI> {
    const fake = new FakeComfyUI(options);
    fake.previewJpeg = await sharp({ create: { width: 64, height: 88, channels: 3, background: '#3366aa' } })
      .jpeg()
      .toBuffer();
    fake.url = await listen(fake.server);
    return fake;
  }

  async close(): Promise<void> {
    for (const { ws } of this.sockets.values()) ws.terminate();
    this.wss.close();
    await closeServer(this.server);
  }

  private connect(ws: WebSocket, requested: string | null): void {
    const sid = requested ?? randomUUID().replace(/-/g, '');
    this.sockets.get(sid)?.ws.close(); // reconnecting with the same id replaces the old socket
    const entry = { ws, metadata: false };
    this.sockets.set(sid, entry);
    ws.on('close', () => {
      if (this.sockets.get(sid) === entry) this.sockets.delete(sid);
    });
    ws.on('message', (data) => {
      if (this.options.oldServer) return; // old servers ignore client messages
      try {
        const msg = JSON.parse(rawText(data)) as {
          type?: string;
          data?: { supports_preview_metadata?: boolean };
        };
        if (msg.type === 'feature_flags') {
          entry.metadata = msg.data?.supports_preview_metadata === true;
          ws.send(
            JSON.stringify({
              type: 'feature_flags',
              data: { supports_preview_metadata: true, max_upload_size: 104857600 },
            }),
          );
        }
      } catch {
        // ignored like the real server
      }
    });
    ws.send(
      JSON.stringify({
        type: 'status',
        data: { status: { exec_info: { queue_remaining: this.remaining() } }, sid },
      }),
    );
  }

  private remaining(): number {
    return this.queue.length + (this.running ? 1 : 0);
  }

  /** Per-prompt events go only to the socket whose sid is the prompt's client_id. */
  private send(clientId: string | undefined, type: string, data: unknown): void {
    if (clientId) this.sockets.get(clientId)?.ws.send(JSON.stringify({ type, data }));
  }

  private broadcast(type: string, data: unknown): void {
    for (const { ws } of this.sockets.values()) ws.send(JSON.stringify({ type, data }));
  }

  /** progress and previews are sent with sid = the prompt's client id, or to everyone without one. */
  private sendProgressLike(item: QueueItem, fn: (s: { ws: WebSocket; metadata: boolean }) => void): void {
    const id = item.extra.client_id;
    const targets = id ? [this.sockets.get(id)] : [...this.sockets.values()];
    for (const t of targets) if (t) fn(t);
  }

  private async route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://x');
    const path = url.pathname.replace(/^\/api(?=\/)/, '');
    this.requests.push(`${req.method} ${path}`);
    const m = (method: string, p: string | RegExp) =>
      req.method === method && (typeof p === 'string' ? path === p : p.test(path));
    if (m('POST', '/prompt')) return this.postPrompt(req, res);
    if (m('GET', /^\/history\/[^/]+$/)) {
      const id = decodeURIComponent(path.slice('/history/'.length));
      return sendJson(res, 200, id in this.history ? { [id]: this.history[id] } : {});
    }
    if (m('GET', '/history')) return sendJson(res, 200, this.history);
    if (m('GET', '/queue')) {
      const row = (i: QueueItem) => [i.number, i.id, i.prompt, i.extra, i.outputs];
      return sendJson(res, 200, {
        queue_running: this.running ? [row(this.running)] : [],
        queue_pending: this.queue.map(row),
      });
    }
    if (m('POST', '/queue')) {
      const body = JSON.parse((await readBody(req)).toString() || '{}') as {
        delete?: string[];
        clear?: boolean;
      };
      const drop = new Set(body.clear ? this.queue.map((i) => i.id) : (body.delete ?? []));
      this.queue.splice(0, this.queue.length, ...this.queue.filter((i) => !drop.has(i.id)));
      return sendEmpty(res);
    }
    if (m('POST', '/interrupt')) {
      const text = (await readBody(req)).toString();
      const body = text ? (JSON.parse(text) as { prompt_id?: string }) : {};
      this.interrupts.push(body);
      if (!body.prompt_id || body.prompt_id === this.running?.id) this.interrupted = true;
      return sendEmpty(res);
    }
    if (m('GET', '/view')) return this.store.view(url, res);
    if (m('POST', '/upload/image')) return uploadImage(this.store, req, res);
    if (m('POST', '/upload/mask')) return uploadMask(this.store, req, res);
    if (m('GET', '/object_info')) return sendJson(res, 200, objectInfo(this.specs));
    if (m('GET', /^\/object_info\/[^/]+$/)) {
      // One class, or {} for a class the server does not have (server.py get_object_info_node).
      const cls = decodeURIComponent(path.slice('/object_info/'.length));
      const info = objectInfo(this.specs);
      return sendJson(res, 200, cls in info ? { [cls]: info[cls] } : {});
    }
    if (m('GET', '/features'))
      return sendJson(res, 200, { supports_preview_metadata: true, max_upload_size: 104857600 });
    if (!this.options.noModelsRoute && m('GET', /^\/models(\/[^/]+)?$/)) {
      const folders: Record<string, string[]> = {
        checkpoints: objectCombo(this.specs, 'CheckpointLoaderSimple', 'ckpt_name'),
        loras: objectCombo(this.specs, 'LoraLoader', 'lora_name'),
        upscale_models: objectCombo(this.specs, 'UpscaleModelLoader', 'model_name'),
      };
      if (path === '/models') return sendJson(res, 200, Object.keys(folders));
      const list = folders[path.slice('/models/'.length)];
      return list ? sendJson(res, 200, list) : sendJson(res, 404, { error: 'unknown folder' });
    }
    sendJson(res, 404, { error: 'not found' });
  }

  private async postPrompt(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let body: { prompt?: Workflow; client_id?: string; prompt_id?: string };
    try {
      body = JSON.parse((await readBody(req)).toString()) as typeof body;
    } catch {
      return sendJson(res, 400, {
        error: { type: 'invalid_json', message: 'Invalid JSON' },
        node_errors: {},
      });
    }
    const wf = body.prompt;
    if (!wf) {
      const error = {
        type: 'no_prompt',
        message: 'No prompt provided',
        details: 'No prompt provided',
        extra_info: {},
      };
      return sendJson(res, 400, { error, node_errors: {} });
    }
    this.prompts.push({ prompt: wf, client_id: body.client_id });
    const checked = validatePrompt(wf, this.specs);
    if (!('outputs' in checked)) return sendJson(res, checked.status, checked.body);
    const { outputs } = checked;
    const item: QueueItem = {
      number: this.counter++,
      id: body.prompt_id ?? randomUUID(),
      prompt: wf,
      extra: body.client_id ? { client_id: body.client_id } : {},
      outputs,
    };
    this.queue.push(item);
    this.broadcast('status', { status: { exec_info: { queue_remaining: this.remaining() } } });
    setImmediate(() => void this.pump());
    sendJson(res, 200, { prompt_id: item.id, number: item.number, node_errors: {} });
  }

  private async pump(): Promise<void> {
    if (this.running) return;
    const item = this.queue.shift();
    if (!item) return;
    this.running = item;
    this.interrupted = false;
    try {
      await this.execute(item);
    } finally {
      this.running = null;
      this.broadcast('status', { status: { exec_info: { queue_remaining: this.remaining() } } });
      setImmediate(() => void this.pump());
    }
  }

  private async execute(item: QueueItem): Promise<void> {
    const { id: prompt_id, prompt: wf } = item;
    const cid = item.extra.client_id;
    const old = this.options.oldServer === true;
    const messages: [string, unknown][] = [];
    const event = (type: string, data: Record<string, unknown>) => {
      const full = { ...data, prompt_id, timestamp: now() };
      messages.push([type, full]);
      this.send(cid, type, full);
    };
    event('execution_start', {});
    event('execution_cached', { nodes: [] });
    const outputs: Record<string, unknown> = {};
    const executed: string[] = [];
    let failure: Record<string, unknown> | null = null;
    let stoppedAt: string | null = null;
    let dropped = false;
    for (const nodeId of topoOrder(wf)) {
      const cls = String(wf[nodeId]?.class_type);
      this.send(
        cid,
        'executing',
        old ? { node: nodeId, prompt_id } : { node: nodeId, display_node: nodeId, prompt_id },
      );
      if (this.options.failOn?.classType === cls) {
        const f = this.options.failOn;
        failure = {
          prompt_id,
          node_id: nodeId,
          node_type: cls,
          executed: [...executed],
          exception_message: f.message,
          exception_type: f.type ?? 'RuntimeError',
          traceback: ['Traceback (most recent call last):\n'],
          current_inputs: {},
          current_outputs: [],
        };
        break;
      }
      const steps =
        cls === 'KSampler' ? Number(wf[nodeId]?.inputs?.steps) : cls === 'ImageUpscaleWithModel' ? 1 : 0;
      for (let value = 1; value <= steps && !this.interrupted; value++) {
        await delay(this.options.stepMs ?? 3);
        this.sendProgressLike(item, ({ ws, metadata }) => {
          ws.send(JSON.stringify({ type: 'progress', data: { value, max: steps, prompt_id, node: nodeId } }));
          if (cls === 'KSampler' && value % 2 === 0)
            ws.send(previewFrame(this.previewJpeg, metadata && !old, prompt_id, nodeId));
        });
        if (this.options.dropSocket && !dropped && cid) {
          dropped = true;
          this.sockets.get(cid)?.ws.terminate();
        }
      }
      if (this.interrupted) {
        stoppedAt = nodeId;
        break;
      }
      if (cls === 'SaveImage') {
        const size = sizeOf(wf, nodeId, (name) => this.store.uploadSizes.get(name));
        const prefix = text(wf[nodeId]?.inputs?.filename_prefix ?? 'ComfyUI');
        const { filename, subfolder } = await this.store.save(prefix, size);
        outputs[nodeId] = { images: [{ filename, subfolder, type: 'output' }] };
        const data = { node: nodeId, display_node: nodeId, output: outputs[nodeId], prompt_id };
        if (!this.options.skipExecuted) this.send(cid, 'executed', data);
      }
      executed.push(nodeId);
    }
    let statusStr = 'success';
    if (failure) {
      statusStr = 'error';
      event('execution_error', failure);
    } else if (stoppedAt) {
      statusStr = 'error';
      const data = {
        prompt_id,
        node_id: stoppedAt,
        node_type: String(wf[stoppedAt]?.class_type),
        executed,
        timestamp: now(),
      };
      messages.push(['execution_interrupted', data]);
      this.broadcast('execution_interrupted', data);
    } else if (!old) event('execution_success', {});
    await delay(this.options.historyDelayMs ?? 30); // task_done writes history after execution_success
    const meta = Object.fromEntries(
      Object.keys(outputs).map((n) => [
        n,
        { node_id: n, display_node: n, parent_node: null, real_node_id: n },
      ]),
    );
    this.history[prompt_id] = {
      prompt: [item.number, prompt_id, wf, item.extra, item.outputs],
      outputs,
      status: { status_str: statusStr, completed: statusStr === 'success', messages },
      meta,
    };
    this.send(cid, 'executing', { node: null, prompt_id });
  }
}

function rawText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString();
  return Buffer.isBuffer(data) ? data.toString() : Buffer.from(data).toString();
}

function objectCombo(specs: Record<string, NodeSpec>, cls: string, input: string): string[] {
  const s = specs[cls]?.inputs[input];
  return s && 'combo' in s ? s.combo() : [];
}

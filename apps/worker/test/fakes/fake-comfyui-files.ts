/**
 * The fake ComfyUI's files: the input, temp and output folders (uploads: fake-comfyui-upload.ts;
 * SaveImage outputs), GET /view, preview frames.
 */
import type { ServerResponse } from 'node:http';
import sharp from 'sharp';
import { sendEmpty, sendJson } from './http-util.ts';

/** ComfyUI's folder types (folder_paths.get_directory_by_type). */
export const FOLDER_TYPES = ['input', 'temp', 'output'] as const;
export type FolderType = (typeof FOLDER_TYPES)[number];

export class FileStore {
  /** Input images by name ("sub/name.png" in a subfolder): what LoadImage and LoadImageMask list. */
  readonly uploads = new Map<string, Buffer>();
  readonly uploadSizes = new Map<string, { width: number; height: number }>();
  private readonly temps = new Map<string, Buffer>();
  private readonly outputs = new Map<string, Buffer>();
  private counter = 0;

  /** A file of one folder type, or undefined. */
  file(type: FolderType, subfolder: string, name: string): Buffer | undefined {
    if (type === 'output') return this.outputs.get(`${subfolder}/${name}`);
    return (type === 'input' ? this.uploads : this.temps).get(subfolder ? `${subfolder}/${name}` : name);
  }

  /** Writes a file into one folder type (input files get their size read, for the graph's sizes). */
  async put(type: FolderType, subfolder: string, name: string, data: Buffer): Promise<void> {
    if (type === 'output') {
      this.outputs.set(`${subfolder}/${name}`, data);
      return;
    }
    const key = subfolder ? `${subfolder}/${name}` : name;
    if (type === 'temp') {
      this.temps.set(key, data);
      return;
    }
    this.uploads.set(key, data);
    const meta = await sharp(data).metadata();
    this.uploadSizes.set(key, { width: meta.width, height: meta.height });
  }

  /** The PNG a /view call would serve for an output. */
  output(subfolder: string, filename: string): Buffer | undefined {
    return this.outputs.get(`${subfolder}/${filename}`);
  }

  /** SaveImage: `{prefix}_{counter:05}_.png`, subfolder = dirname of the prefix; a real PNG of `size`. */
  async save(
    prefix: string,
    size: { width: number; height: number },
  ): Promise<{ filename: string; subfolder: string }> {
    const slash = prefix.lastIndexOf('/');
    const subfolder = slash === -1 ? '' : prefix.slice(0, slash);
    const filename = `${prefix.slice(slash + 1)}_${String(++this.counter).padStart(5, '0')}_.png`;
    const png = await sharp({ create: { ...size, channels: 3, background: '#884422' } })
      .png()
      .toBuffer();
    this.outputs.set(`${subfolder}/${filename}`, png);
    return { filename, subfolder };
  }

  view(url: URL, res: ServerResponse): void {
    const filename = url.searchParams.get('filename') ?? '';
    const subfolder = url.searchParams.get('subfolder') ?? '';
    const type = url.searchParams.get('type') ?? 'output';
    if (filename.startsWith('/') || filename.includes('..'))
      return sendJson(res, 400, { error: 'bad filename' });
    if (subfolder.includes('..')) return sendJson(res, 403, { error: 'forbidden' });
    if (!FOLDER_TYPES.some((t) => t === type)) return sendEmpty(res, 400);
    const file = this.file(type as FolderType, subfolder, filename);
    if (!file) return sendEmpty(res, 404);
    res.writeHead(200, { 'content-type': 'image/png', 'content-length': file.length });
    res.end(file);
  }
}

/** Type 1 `[1][fmt 1=JPEG][bytes]`, or type 4 `[4][len][JSON metadata][bytes]` for declared clients. */
export function previewFrame(jpeg: Buffer, metadata: boolean, promptId: string, nodeId: string): Buffer {
  const head = Buffer.alloc(8);
  if (!metadata) {
    head.writeUInt32BE(1, 0);
    head.writeUInt32BE(1, 4);
    return Buffer.concat([head, jpeg]);
  }
  const meta = Buffer.from(
    JSON.stringify({
      node_id: nodeId,
      prompt_id: promptId,
      display_node_id: nodeId,
      parent_node_id: null,
      real_node_id: nodeId,
      image_type: 'image/jpeg',
    }),
  );
  head.writeUInt32BE(4, 0);
  head.writeUInt32BE(meta.length, 4);
  return Buffer.concat([head, meta, jpeg]);
}

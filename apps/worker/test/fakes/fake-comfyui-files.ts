/** The fake ComfyUI's files: uploads (POST /upload/image), SaveImage outputs, GET /view, preview frames. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import sharp from 'sharp';
import { parseMultipart, readBody, sendEmpty, sendJson } from './http-util.ts';

export class FileStore {
  /** Input images by name ("sub/name.png" in a subfolder). */
  readonly uploads = new Map<string, Buffer>();
  readonly uploadSizes = new Map<string, { width: number; height: number }>();
  private readonly outputs = new Map<string, Buffer>();
  private counter = 0;

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
    const file =
      type === 'input'
        ? this.uploads.get(subfolder ? `${subfolder}/${filename}` : filename)
        : this.output(subfolder, filename);
    if (!file) return sendEmpty(res, 404);
    res.writeHead(200, { 'content-type': 'image/png', 'content-length': file.length });
    res.end(file);
  }

  /** multipart `image` (+ type, subfolder, overwrite); answers {name, subfolder, type}. */
  async upload(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const parts = parseMultipart(await readBody(req), req.headers['content-type'] ?? '');
    const image = parts.find((p) => p.name === 'image' && p.filename);
    if (!image?.filename) return sendEmpty(res, 400);
    const field = (n: string) => parts.find((p) => p.name === n)?.data.toString();
    const subfolder = field('subfolder') ?? '';
    const overwrite = field('overwrite') === 'true' || field('overwrite') === '1';
    const key = (n: string) => (subfolder ? `${subfolder}/${n}` : n);
    let name = image.filename;
    // On a clash without overwrite the file is renamed "stem (1).ext", unless it is the same file.
    for (
      let i = 1;
      !overwrite && this.uploads.has(key(name)) && !this.uploads.get(key(name))?.equals(image.data);
      i++
    ) {
      name = image.filename.replace(/(\.[^.]*)?$/, (ext) => ` (${i})${ext}`);
    }
    this.uploads.set(key(name), image.data);
    const meta = await sharp(image.data).metadata();
    this.uploadSizes.set(key(name), { width: meta.width, height: meta.height });
    sendJson(res, 200, { name, subfolder, type: field('type') ?? 'input' });
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

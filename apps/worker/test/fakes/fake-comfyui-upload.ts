/**
 * The fake ComfyUI's uploads, as server.py's image_upload does them: POST /upload/image and POST
 * /upload/mask, multipart fields `image` (the file), `type` (input by default, temp or output),
 * `subfolder`, `overwrite` ("true" or "1"); the answer is {name, subfolder, type}. Without overwrite a
 * name clash renames the file "stem (1).ext", unless the file there has the same bytes (then nothing is
 * written).
 *
 * /upload/mask also takes `original_ref` (JSON {filename, subfolder?, type?}, type "output" by default; a
 * filename may carry a " [input]"-style annotation) and writes, under the uploaded name, the ORIGINAL's
 * pixels with the uploaded file's ALPHA channel (PIL convert('RGBA'): a file without alpha is opaque).
 * Like the real route it answers 200 with the name even when it wrote nothing: no original there, or an
 * original_ref rejected by its path checks (their responses are dropped by image_upload).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import sharp from 'sharp';
import { FOLDER_TYPES, type FileStore, type FolderType } from './fake-comfyui-files.ts';
import { parseMultipart, readBody, sendEmpty, sendJson } from './http-util.ts';

/** Where the upload goes, and its form's plain fields. */
interface Target {
  type: FolderType;
  subfolder: string;
  name: string;
  field: (name: string) => string | undefined;
}
type Save = (store: FileStore, data: Buffer, to: Target) => Promise<void>;

const isFolderType = (v: string): v is FolderType => FOLDER_TYPES.some((t) => t === v);
const unsafe = (path: string) => path.startsWith('/') || path.split('/').includes('..');

/** image_upload(post, image_save_function): the shared part of both routes. */
async function upload(
  store: FileStore,
  req: IncomingMessage,
  res: ServerResponse,
  save: Save,
): Promise<void> {
  const parts = parseMultipart(await readBody(req), req.headers['content-type'] ?? '');
  const field = (n: string) => parts.find((p) => p.name === n && p.filename === undefined)?.data.toString();
  const image = parts.find((p) => p.name === 'image' && p.filename !== undefined);
  if (!image?.filename) return sendEmpty(res, 400);
  const type = field('type') || 'input';
  // An unknown type leaves the folder unset in get_dir_by_type: the handler raises, aiohttp answers 500.
  if (!isFolderType(type)) return sendJson(res, 500, { error: 'Internal Server Error' });
  const subfolder = field('subfolder') ?? '';
  if (unsafe(subfolder) || unsafe(image.filename)) return sendEmpty(res, 400);
  const overwrite = field('overwrite') === 'true' || field('overwrite') === '1';
  let name = image.filename;
  let duplicate = false;
  for (let i = 1; !overwrite && store.file(type, subfolder, name); i++) {
    if (store.file(type, subfolder, name)?.equals(image.data)) {
      duplicate = true;
      break;
    }
    name = image.filename.replace(/(\.[^.]*)?$/, (ext) => ` (${i})${ext}`);
  }
  try {
    if (!duplicate) await save(store, image.data, { type, subfolder, name, field });
  } catch (err) {
    // An exception in the save function (a missing or broken original_ref, a size mismatch): 500.
    return sendJson(res, 500, { error: (err as Error).message });
  }
  sendJson(res, 200, { name, subfolder, type });
}

/** POST /upload/image: the file as it is. */
export function uploadImage(store: FileStore, req: IncomingMessage, res: ServerResponse): Promise<void> {
  return upload(store, req, res, (s, data, to) => s.put(to.type, to.subfolder, to.name, data));
}

/** POST /upload/mask: the original's RGB with the uploaded file's alpha, under the uploaded name. */
export function uploadMask(store: FileStore, req: IncomingMessage, res: ServerResponse): Promise<void> {
  return upload(store, req, res, async (s, data, to) => {
    // json.loads(None) raises too: original_ref is required.
    const ref = JSON.parse(to.field('original_ref') ?? 'undefined') as Record<string, unknown>;
    const original = findOriginal(s, ref);
    if (!original) return; // nothing written, 200 all the same
    const mask = await sharp(data)
      .toColourspace('srgb')
      .ensureAlpha(1)
      .raw()
      .toBuffer({ resolveWithObject: true });
    const base = await sharp(original)
      .toColourspace('srgb')
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const { width, height } = base.info;
    // PIL putalpha raises on a size mismatch.
    if (mask.info.width !== width || mask.info.height !== height) throw new Error('images do not match');
    const alpha = Buffer.alloc(width * height);
    for (let p = 0; p < alpha.length; p++) alpha[p] = mask.data[p * mask.info.channels + 3] ?? 255;
    const png = await sharp(base.data, { raw: { width, height, channels: 3 } })
      .joinChannel(alpha, { raw: { width, height, channels: 1 } })
      .png()
      .toBuffer();
    await s.put(to.type, to.subfolder, to.name, png);
  });
}

/** The file original_ref names, or undefined where the real route would write nothing. */
function findOriginal(store: FileStore, ref: Record<string, unknown>): Buffer | undefined {
  const given = typeof ref.filename === 'string' ? ref.filename : '';
  const annotated = /^(.*) \[(input|temp|output)\]$/.exec(given);
  const filename = annotated?.[1] ?? given;
  const type = annotated?.[2] ?? (typeof ref.type === 'string' ? ref.type : 'output');
  const subfolder = typeof ref.subfolder === 'string' ? ref.subfolder : '';
  if (!filename || unsafe(filename) || unsafe(subfolder) || !isFolderType(type)) return undefined;
  return store.file(type, subfolder, filename);
}

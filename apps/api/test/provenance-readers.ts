/**
 * Independent readers of the marks the service writes (features/image/marking), for the tests: never the
 * code that wrote them.
 * - XMP: exiftool (Debian's libimage-exiftool-perl, installed by .ci/run).
 * - C2PA: @contentauth/c2pa-wasm, a separate WebAssembly build of the C2PA reference implementation (the
 *   writer is the native Node binding), validating against the trust anchor the test names.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { initSync, WasmReader } from '@contentauth/c2pa-wasm';

const run = promisify(execFile);

/** The XMP fields exiftool reads from `file` (written to a temporary file with the given extension). */
export async function exiftoolXmp(
  file: Buffer,
  extension: 'png' | 'webp' | 'jpg',
): Promise<Record<string, unknown>> {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'mirage-exif-'));
  const target = path.join(folder, `image.${extension}`);
  try {
    writeFileSync(target, file);
    const { stdout } = await run('exiftool', [
      '-json',
      '-G1',
      '-XMP-iptcExt:DigitalSourceType',
      '-XMP-xmp:CreatorTool',
      '-XMP-xmpRights:WebStatement',
      '-PNG:Parameters',
      '-PNG:all',
      target,
    ]);
    return (JSON.parse(stdout) as Record<string, unknown>[])[0] ?? {};
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

let wasmReady = false;
function loadWasm(): void {
  if (wasmReady) return;
  const require = createRequire(import.meta.url);
  initSync({ module: readFileSync(require.resolve('@contentauth/c2pa-wasm/c2pa.wasm')) });
  wasmReady = true;
}

export interface ReadManifest {
  /** `Trusted` only for a valid signature by a certificate under `trustAnchor`. */
  state: string;
  failures: string[];
  actions: { action: string; digitalSourceType?: string; softwareAgent?: { name?: string } }[];
  ingredients: { title?: string; relationship?: string }[];
}

/** The active C2PA manifest of `file`, validated against `trustAnchor`; null when it carries none. */
export async function readManifest(
  file: Buffer,
  mimeType: 'image/png' | 'image/webp',
  trustAnchor: string,
): Promise<ReadManifest | null> {
  loadWasm();
  // snake_case: the camelCase keys of the Node binding's types are silently ignored (research/c2pa-on-node.md).
  const settings = { trust: { trust_anchors: trustAnchor }, verify: { verify_trust: true } };
  let reader;
  try {
    reader = await WasmReader.fromBytes(mimeType, new Uint8Array(file), JSON.stringify(settings));
  } catch {
    return null;
  }
  const store = JSON.parse(reader.json()) as {
    active_manifest?: string;
    manifests?: Record<
      string,
      {
        assertions?: { label: string; data: { actions?: ReadManifest['actions'] } }[];
        ingredients?: ReadManifest['ingredients'];
      }
    >;
    validation_state?: string;
    validation_results?: { activeManifest?: { failure?: { code: string }[] } };
  };
  const active = store.active_manifest ? store.manifests?.[store.active_manifest] : undefined;
  if (!active) return null;
  const actions = (active.assertions ?? [])
    .filter((assertion) => assertion.label.startsWith('c2pa.actions'))
    .flatMap((assertion) => assertion.data.actions ?? []);
  return {
    state: store.validation_state ?? '',
    failures: (store.validation_results?.activeManifest?.failure ?? []).map((item) => item.code),
    actions,
    ingredients: active.ingredients ?? [],
  };
}

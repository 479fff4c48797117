/**
 * Face restore on ComfyUI. Core ComfyUI has no face-restore node; the widely used "facerestore_cf"
 * custom nodes (github.com/mav-rik/facerestore_cf) add two:
 *
 * - `FaceRestoreModelLoader` {model_name: combo of models/facerestore_models} -> FACERESTORE_MODEL
 * - `FaceRestoreCFWithModel` {facerestore_model: FACERESTORE_MODEL, image: IMAGE, facedetection: combo
 *   (retinaface_resnet50, retinaface_mobile0.25, YOLOv5l, YOLOv5n), codeformer_fidelity: FLOAT 0..1} -> IMAGE
 *
 * The adapter reads both from /object_info once. When the nodes and at least one model are there, a job
 * with face_restore gets them between VAEDecode and the rest (comfyui-workflow.ts); otherwise the flag is
 * ignored and that is logged once.
 */
import { EngineError, isRecord } from './engine.ts';
import { comboOptions } from './comfyui-parse.ts';
import { HttpStatusError } from './http.ts';

export const FACE_RESTORE_LOADER = 'FaceRestoreModelLoader';
export const FACE_RESTORE_NODE = 'FaceRestoreCFWithModel';
/** CodeFormer's balance between quality (0) and fidelity to the input (1); A1111's default is 0.5 too. */
export const FACE_RESTORE_FIDELITY = 0.5;
const PREFERRED_DETECTION = 'retinaface_resnet50';
/** Fidelity input names: upstream, and the name used by a widespread fork. */
const FIDELITY_INPUTS = ['codeformer_fidelity', 'restore_fidelity'];

type Literal = string | number | boolean;

/** What the workflow needs to restore faces: the loader's model and the restore node's widget inputs. */
export interface FaceRestore {
  model: string;
  /** Every input of FaceRestoreCFWithModel but the two links (facerestore_model, image). */
  inputs: Record<string, Literal>;
}

export type FaceRestoreSupport = { ok: true; faceRestore: FaceRestore } | { ok: false; reason: string };

/** Prefers CodeFormer (the fidelity input is meant for it), then GFPGAN, then the first model listed. */
function pickModel(models: string[]): string | undefined {
  return models.find((m) => /codeformer/i.test(m)) ?? models.find((m) => /gfpgan/i.test(m)) ?? models[0];
}

function requiredInputs(info: Record<string, unknown>, classType: string): Record<string, unknown> | null {
  const node = info[classType];
  if (!isRecord(node) || !isRecord(node.input)) return null;
  return isRecord(node.input.required) ? node.input.required : {};
}

/** The value for one widget input of the restore node, or undefined when it is not one we can fill. */
function widgetValue(name: string, spec: unknown): Literal | undefined {
  if (name === 'facedetection') {
    const options = comboOptions(spec);
    return options.includes(PREFERRED_DETECTION) ? PREFERRED_DETECTION : options[0];
  }
  if (FIDELITY_INPUTS.includes(name)) return FACE_RESTORE_FIDELITY;
  // The fork's on/off switch.
  if (name === 'switch') return true;
  // Anything else: its declared default, if it has one.
  const options: unknown = Array.isArray(spec) ? (spec as unknown[])[1] : undefined;
  const fallback = isRecord(options) ? options.default : undefined;
  return typeof fallback === 'string' || typeof fallback === 'number' || typeof fallback === 'boolean'
    ? fallback
    : undefined;
}

/** Reads the two facerestore_cf nodes from an /object_info answer (full or per class). */
export function faceRestoreSupport(info: unknown): FaceRestoreSupport {
  const all = isRecord(info) ? info : {};
  const loader = requiredInputs(all, FACE_RESTORE_LOADER);
  const restore = requiredInputs(all, FACE_RESTORE_NODE);
  if (!loader || !restore) {
    return { ok: false, reason: `no ${FACE_RESTORE_LOADER}/${FACE_RESTORE_NODE} nodes (facerestore_cf)` };
  }
  const model = pickModel(comboOptions(loader.model_name));
  if (!model) return { ok: false, reason: 'no face-restore model in models/facerestore_models' };
  if (!('facerestore_model' in restore) || !('image' in restore)) {
    return { ok: false, reason: `${FACE_RESTORE_NODE} has no facerestore_model or image input` };
  }
  const inputs: Record<string, Literal> = {};
  for (const [name, spec] of Object.entries(restore)) {
    if (name === 'facerestore_model' || name === 'image') continue;
    const value = widgetValue(name, spec);
    if (value === undefined)
      return { ok: false, reason: `${FACE_RESTORE_NODE} needs an unknown input '${name}'` };
    inputs[name] = value;
  }
  return { ok: true, faceRestore: { model, inputs } };
}

/**
 * Asks the server once (GET /object_info/<class> for both nodes) and remembers the answer; logs once
 * whether face restore is used or ignored. A failed request is not remembered: the next job asks again.
 */
export class FaceRestoreDiscovery {
  private known: Promise<FaceRestoreSupport> | null = null;

  constructor(
    private readonly objectInfo: (classType: string) => Promise<unknown>,
    private readonly log: (message: string) => void,
  ) {}

  /** The face-restore nodes to add to a job that asks for them, or null when the server has none. */
  async forJob(): Promise<FaceRestore | null> {
    this.known ??= this.discover();
    try {
      const support = await this.known;
      return support.ok ? support.faceRestore : null;
    } catch (err) {
      this.known = null;
      this.log(`comfyui: could not look for face-restore nodes (${(err as Error).message}); ignored`);
      return null;
    }
  }

  private async discover(): Promise<FaceRestoreSupport> {
    // A server without the per-class route (older than 2023) answers 404: it has no such nodes either.
    const ask = (classType: string) =>
      this.objectInfo(classType).catch((err: unknown) => {
        if (err instanceof HttpStatusError && err.status === 404) return {};
        throw err;
      });
    const answers = await Promise.all([FACE_RESTORE_LOADER, FACE_RESTORE_NODE].map(ask));
    const info: Record<string, unknown> = {};
    for (const answer of answers) {
      if (!isRecord(answer)) throw new EngineError('ComfyUI /object_info: not an object', true);
      Object.assign(info, answer);
    }
    const support = faceRestoreSupport(info);
    this.log(
      support.ok
        ? `comfyui: face restore with ${FACE_RESTORE_NODE} and ${support.faceRestore.model}`
        : `comfyui: face restore unavailable (${support.reason}); jobs asking for it are run without it`,
    );
    return support;
  }
}

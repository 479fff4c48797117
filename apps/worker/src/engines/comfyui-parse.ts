/**
 * Parsing of ComfyUI answers (docs/engines.md#comfyui-http-routes, #comfyui-websocket): errors, history
 * entries, object_info combos.
 */
import { EngineError, isRecord } from './engine.ts';

export interface ImageRef {
  filename: string;
  subfolder: string;
  type: string;
}

const str = (v: unknown): string =>
  typeof v === 'string' ? v : v === undefined || v === null ? '' : JSON.stringify(v);

/** The error of a 400 POST /prompt: `{error:{type,message,details}, node_errors:{id:{errors,class_type}}}`. */
export function validationError(status: number, body: string): EngineError {
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(body);
  } catch {
    // not JSON: report the raw text below
  }
  if (!isRecord(parsed))
    return new EngineError(`ComfyUI rejected the workflow (HTTP ${status}): ${body.slice(0, 300)}`, false);
  const error = isRecord(parsed.error) ? parsed.error : { message: str(parsed.error) };
  const parts = [str(error.message) || str(error.type) || 'invalid workflow'];
  const nodeErrors = isRecord(parsed.node_errors) ? parsed.node_errors : {};
  for (const [nodeId, ne] of Object.entries(nodeErrors)) {
    if (!isRecord(ne)) continue;
    const errors = Array.isArray(ne.errors) ? ne.errors : [];
    for (const e of errors) {
      if (!isRecord(e)) continue;
      const detail = str(e.details);
      parts.push(`node ${nodeId} (${str(ne.class_type)}): ${str(e.message)}${detail ? `: ${detail}` : ''}`);
    }
  }
  if (parts.length === 1 && str(error.details)) parts.push(str(error.details));
  return new EngineError(`ComfyUI rejected the workflow: ${parts.join('; ')}`, false);
}

/** An `execution_error` (event data or history message) as an EngineError. Out-of-memory is retryable. */
export function executionError(data: Record<string, unknown>): EngineError {
  const type = str(data.exception_type);
  const message = str(data.exception_message).trim();
  const where = `node ${str(data.node_id)} (${str(data.node_type)})`;
  const oom = /out ?of ?memory/i.test(`${type} ${message}`);
  return new EngineError(`ComfyUI execution error in ${where}: ${type ? `${type}: ` : ''}${message}`, oom);
}

export type HistoryOutcome =
  { kind: 'success'; images: ImageRef[] } | { kind: 'error'; error: EngineError } | { kind: 'interrupted' };

function imagesOf(output: unknown): ImageRef[] {
  if (!isRecord(output) || !Array.isArray(output.images)) return [];
  const refs: ImageRef[] = [];
  for (const img of output.images) {
    if (!isRecord(img) || typeof img.filename !== 'string') continue;
    refs.push({ filename: img.filename, subfolder: str(img.subfolder), type: str(img.type) || 'output' });
  }
  return refs;
}

/** Output images of an `executed` event or a history `outputs[node]` entry. */
export function outputImages(output: unknown): ImageRef[] {
  return imagesOf(output).filter((i) => i.type === 'output');
}

/**
 * Reads GET /history/{id}. null while the prompt is not finished (`{}`). Servers before 2024-01 have no
 * `status`: an entry with outputs then means success.
 */
export function parseHistory(body: unknown, promptId: string, saveNode: string): HistoryOutcome | null {
  if (!isRecord(body)) return null;
  const entry = body[promptId];
  if (!isRecord(entry)) return null;
  const status = isRecord(entry.status) ? entry.status : null;
  const messages = status && Array.isArray(status.messages) ? status.messages : [];
  for (const m of messages) {
    if (!Array.isArray(m)) continue;
    const [name, data] = m as unknown[];
    if (name === 'execution_error' && isRecord(data)) return { kind: 'error', error: executionError(data) };
    if (name === 'execution_interrupted') return { kind: 'interrupted' };
  }
  if (status && status.status_str === 'error') {
    return { kind: 'error', error: new EngineError('ComfyUI reported an error without details', false) };
  }
  const outputs = isRecord(entry.outputs) ? entry.outputs : {};
  let images = outputImages(outputs[saveNode]);
  if (images.length === 0) images = Object.values(outputs).flatMap(outputImages);
  if (images.length === 0) {
    return { kind: 'error', error: new EngineError('ComfyUI finished without an output image', false) };
  }
  return { kind: 'success', images };
}

/**
 * Options of a combo input in /object_info: V1 nodes give `[[options...], {...}]`, V3 nodes give
 * `["COMBO", {options: [...]}]`.
 */
export function comboOptions(input: unknown): string[] {
  if (!Array.isArray(input)) return [];
  const [first, second] = input as unknown[];
  let options: unknown = null;
  if (Array.isArray(first)) options = first;
  else if (first === 'COMBO' && isRecord(second)) options = second.options;
  return Array.isArray(options) ? options.filter((o): o is string => typeof o === 'string') : [];
}

/** One combo of one node class in an /object_info answer. */
export function objectInfoCombo(info: unknown, classType: string, inputName: string): string[] {
  if (!isRecord(info)) return [];
  const node = info[classType];
  if (!isRecord(node) || !isRecord(node.input)) return [];
  for (const group of ['required', 'optional']) {
    const inputs = node.input[group];
    if (isRecord(inputs) && inputName in inputs) return comboOptions(inputs[inputName]);
  }
  return [];
}

/** Queue items are `[number, prompt_id, prompt, extra_data, outputs]`; is our prompt running or pending? */
export function queueHas(body: unknown, promptId: string): boolean {
  if (!isRecord(body)) return false;
  return ['queue_running', 'queue_pending'].some((key) => {
    const items = body[key];
    return Array.isArray(items) && items.some((item) => Array.isArray(item) && item[1] === promptId);
  });
}

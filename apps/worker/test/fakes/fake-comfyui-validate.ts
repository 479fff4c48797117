/** The fake ComfyUI's POST /prompt validation (execution.validate_prompt and validate_inputs). */
import { topoOrder } from './fake-comfyui-graph.ts';
import { text } from './http-util.ts';
import type { NodeSpec, Workflow } from './fake-comfyui-graph.ts';

export interface NodeError {
  type: string;
  message: string;
  details: string;
  extra_info: Record<string, unknown>;
}

/** validate_inputs for one node: the error types of ComfyUI execution.py. */
export function validateNode(wf: Workflow, id: string, specs: Record<string, NodeSpec>): NodeError[] {
  const node = wf[id];
  const spec = specs[String(node?.class_type)];
  if (!node || !spec) return [];
  const errors: NodeError[] = [];
  const err = (type: string, message: string, input: string, details = '') =>
    errors.push({ type, message, details, extra_info: { input_name: input } });
  const given = Object.entries(spec.optional ?? {}).filter(([input]) => node.inputs?.[input] !== undefined);
  for (const [input, s] of [...Object.entries(spec.inputs), ...given]) {
    const v = node.inputs?.[input];
    if (v === undefined) {
      err('required_input_missing', 'Required input is missing', input, input);
      continue;
    }
    if (Array.isArray(v)) {
      const [src, slot] = v as unknown[];
      if (v.length !== 2 || typeof src !== 'string' || typeof slot !== 'number') {
        err(
          'bad_linked_input',
          'Bad linked input, must be a length-2 list of [node_id, slot_index]',
          input,
          `${input}, ${JSON.stringify(v)}`,
        );
        continue;
      }
      const out = specs[String(wf[src]?.class_type)]?.outputs[slot];
      if ('link' in s && out !== s.link) {
        err(
          'return_type_mismatch',
          'Return type mismatch between linked nodes',
          input,
          `${input}, received_type(${out}) mismatch input_type(${s.link})`,
        );
      }
      continue;
    }
    if ('link' in s)
      err(
        'bad_linked_input',
        'Bad linked input, must be a length-2 list of [node_id, slot_index]',
        input,
        input,
      );
    else if ('combo' in s) {
      const options = s.combo();
      if (!options.includes(text(v))) {
        const list = options.length > 20 ? `(list of length ${options.length})` : JSON.stringify(options);
        err('value_not_in_list', 'Value not in list', input, `${input}: '${text(v)}' not in ${list}`);
      }
    } else if ('bool' in s) {
      if (typeof v !== 'boolean')
        err('invalid_input_type', 'Failed to convert an input value to a BOOLEAN value', input, input);
    } else if ('int' in s || 'float' in s) {
      const [min, max] = 'int' in s ? s.int : s.float;
      if (typeof v !== 'number')
        err('invalid_input_type', 'Failed to convert an input value to a number', input, input);
      else if (v < min) err('value_smaller_than_min', `Value ${v} smaller than min of ${min}`, input, input);
      else if (v > max) err('value_bigger_than_max', `Value ${v} bigger than max of ${max}`, input, input);
    }
  }
  return errors;
}

type Rejection = { status: 400; body: { error: NodeError; node_errors: Record<string, unknown> } };

const reject = (
  type: string,
  message: string,
  details: string,
  nodeErrors: Record<string, unknown> = {},
): Rejection => ({
  status: 400,
  body: { error: { type, message, details, extra_info: {} }, node_errors: nodeErrors },
});

/** Validates a workflow: the output node ids, or the 400 answer ComfyUI would give. */
export function validatePrompt(
  wf: Workflow,
  specs: Record<string, NodeSpec>,
): { outputs: string[] } | Rejection {
  for (const [id, node] of Object.entries(wf)) {
    if (typeof node.class_type !== 'string') {
      return reject(
        'invalid_prompt',
        'Cannot execute because a node is missing the class_type property.',
        `Node ID '#${id}'`,
      );
    }
    if (!specs[node.class_type]) {
      return reject(
        'invalid_prompt',
        `Cannot execute because node ${node.class_type} does not exist.`,
        `Node ID '#${id}'`,
      );
    }
  }
  const outputs = Object.keys(wf).filter((id) => specs[String(wf[id]?.class_type)]?.outputNode);
  if (outputs.length === 0) return reject('prompt_no_outputs', 'Prompt has no outputs', '');
  const nodeErrors: Record<string, { errors: NodeError[]; dependent_outputs: string[]; class_type: string }> =
    {};
  const reasons: string[] = [];
  for (const out of outputs) {
    for (const id of topoOrder(wf, [out])) {
      const errors = validateNode(wf, id, specs);
      if (errors.length === 0) continue;
      if (!nodeErrors[id]) {
        nodeErrors[id] = { errors, dependent_outputs: [], class_type: String(wf[id]?.class_type) };
        reasons.push(...errors.map((e) => `${e.message}: ${e.details}`));
      }
      nodeErrors[id].dependent_outputs.push(out);
    }
  }
  if (reasons.length > 0) {
    return reject(
      'prompt_outputs_failed_validation',
      'Prompt outputs failed validation',
      reasons.join('\n'),
      nodeErrors,
    );
  }
  return { outputs };
}

import { apiRequest, pathOf } from '../api/index.ts';
import type { ProvenanceAnswer } from './result.ts';

/** Sends `file` to the provenance check (multipart, the file part `image`). */
export function checkImage(file: File, signal?: AbortSignal): Promise<ProvenanceAnswer> {
  const form = new FormData();
  form.append('image', file, file.name || 'image');
  return apiRequest<ProvenanceAnswer>('POST', pathOf('checkProvenance'), { form, signal });
}

import { PROVENANCE_UPLOAD_MAX_BYTES, type ProvenanceEvidence } from '@mirage/domain';
import type { AnswerOf, Contract } from '@mirage/contract';

/** What POST /api/provenance/check answers (packages/contract provenance.ts). */
export type ProvenanceAnswer = AnswerOf<Contract['checkProvenance']>;

/** The upload limit in MB, as the page says it. */
export const UPLOAD_MAX_MB = PROVENANCE_UPLOAD_MAX_BYTES / 1024 / 1024;

/** Why a chosen file is not sent at all (the server would refuse it), or null when it may go. */
export function fileProblem(file: { size: number; type: string }): 'too_large' | 'not_image' | null {
  if (file.size > PROVENANCE_UPLOAD_MAX_BYTES) return 'too_large';
  // An empty type is a file the browser could not name: the server decides from its bytes.
  if (file.type !== '' && !file.type.startsWith('image/')) return 'not_image';
  return null;
}

/** How the page shows an answer: keys of pages:provenance, and the public image to link. */
export interface ResultView {
  made: boolean;
  title: `result.${'public' | 'private' | 'removed' | 'none'}_title`;
  text: `result.${'private' | 'removed' | 'none'}_text` | null;
  evidence: `evidence.${ProvenanceEvidence}` | null;
  image: ProvenanceAnswer['image'];
}

export function resultView(answer: ProvenanceAnswer): ResultView {
  if (!answer.made_here)
    return { made: false, title: 'result.none_title', text: 'result.none_text', evidence: null, image: null };
  const evidence = answer.evidence ? (`evidence.${answer.evidence}` as const) : null;
  if (answer.visibility === 'public' && answer.image) {
    return { made: true, title: 'result.public_title', text: null, evidence, image: answer.image };
  }
  if (answer.visibility === 'removed') {
    return { made: true, title: 'result.removed_title', text: 'result.removed_text', evidence, image: null };
  }
  return { made: true, title: 'result.private_title', text: 'result.private_text', evidence, image: null };
}

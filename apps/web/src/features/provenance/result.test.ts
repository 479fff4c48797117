import { describe, expect, it } from 'vitest';
import { fileProblem, resultView, UPLOAD_MAX_MB } from './result.ts';

const image = { uuid: 'u', page_url: 'https://mirage.test/image/u', thumbnail_src: '/images/u-min.webp' };

describe('fileProblem', () => {
  it('refuses a file over the limit or that is not an image, before sending it', () => {
    expect(UPLOAD_MAX_MB).toBe(15);
    expect(fileProblem({ size: 15 * 1024 * 1024, type: 'image/png' })).toBeNull();
    expect(fileProblem({ size: 15 * 1024 * 1024 + 1, type: 'image/png' })).toBe('too_large');
    expect(fileProblem({ size: 10, type: 'application/pdf' })).toBe('not_image');
    // A file the browser cannot name goes: the server reads its bytes.
    expect(fileProblem({ size: 10, type: '' })).toBeNull();
  });
});

describe('resultView', () => {
  it('links a public image, with how it was recognised', () => {
    expect(resultView({ made_here: true, evidence: 'similarity', visibility: 'public', image })).toEqual({
      made: true,
      title: 'result.public_title',
      text: null,
      evidence: 'evidence.similarity',
      image,
    });
  });

  it('says private or removed without a link, and "not recognised" otherwise', () => {
    const priv = resultView({ made_here: true, evidence: 'metadata', visibility: 'private', image: null });
    expect(priv).toMatchObject({
      made: true,
      title: 'result.private_title',
      evidence: 'evidence.metadata',
      image: null,
    });
    const removed = resultView({
      made_here: true,
      evidence: 'content_credentials',
      visibility: 'removed',
      image: null,
    });
    expect(removed).toMatchObject({ title: 'result.removed_title', text: 'result.removed_text' });
    const none = resultView({ made_here: false, evidence: null, visibility: null, image: null });
    expect(none).toEqual({
      made: false,
      title: 'result.none_title',
      text: 'result.none_text',
      evidence: null,
      image: null,
    });
  });
});

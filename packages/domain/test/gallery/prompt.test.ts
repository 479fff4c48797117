import { describe, expect, it } from 'vitest';
import {
  ERROR_STATUS,
  PROMPT_MAX_PAGE_SIZE,
  PROMPT_MAX_TAGS,
  PROMPT_PAGE_SIZE,
  SAVED_PROMPT_LIMIT,
  allTagIds,
  canSaveAnotherPrompt,
  distinctIds,
  isSubscribable,
  ownershipProblem,
  pageCount,
  promptListBody,
  promptPageQuery,
  publishPromptBody,
  savePromptBody,
  savedPromptProblem,
  subscribePromptBody,
  subscriptionProblem,
} from '../../src/index.ts';

describe('savePromptBody', () => {
  it('trims the name, fills empty lists, keeps order without repeats and starts private', () => {
    expect(savePromptBody.parse({ lib: '  Dusk  ', pos_tags: [3, 1, 3], styles: [2, 2, 7] })).toEqual({
      lib: 'Dusk',
      pos_tags: [3, 1],
      opt_tags: [],
      neg_tags: [],
      styles: [2, 7],
      public: false,
    });
  });

  it('accepts 60 characters and 20 tags per list', () => {
    const tags = Array.from({ length: PROMPT_MAX_TAGS }, (_, i) => i + 1);
    const body = { lib: 'x'.repeat(60), pos_tags: tags, opt_tags: tags, neg_tags: tags, public: true };
    expect(savePromptBody.safeParse(body).success).toBe(true);
  });

  it.each([
    [{}],
    [{ lib: '' }],
    [{ lib: '    ' }],
    [{ lib: 'x'.repeat(61) }],
    [{ lib: 42 }],
    [{ lib: 'a', pos_tags: [0] }],
    [{ lib: 'a', opt_tags: [2.5] }],
    [{ lib: 'a', neg_tags: ['3'] }],
    [{ lib: 'a', pos_tags: Array.from({ length: PROMPT_MAX_TAGS + 1 }, (_, i) => i + 1) }],
    [{ lib: 'a', styles: [-1] }],
    [{ lib: 'a', styles: [0] }],
    [{ lib: 'a', styles: Array.from({ length: 21 }, (_, i) => i) }],
    [{ lib: 'a', public: 'true' }],
  ])('refuses %j', (body) => {
    expect(savePromptBody.safeParse(body).success).toBe(false);
  });
});

describe('saved prompt rules', () => {
  it('needs at least one tag in any list', () => {
    expect(savedPromptProblem({ pos_tags: [], opt_tags: [], neg_tags: [] })).toBe('tags');
    expect(savedPromptProblem({ pos_tags: [], opt_tags: [], neg_tags: [4] })).toBeNull();
    expect(savedPromptProblem({ pos_tags: [], opt_tags: [9], neg_tags: [] })).toBeNull();
  });

  it('collects every tag id once', () => {
    expect(allTagIds({ pos_tags: [1, 2], opt_tags: [2, 3], neg_tags: [1, 4] })).toEqual([1, 2, 3, 4]);
    expect(distinctIds([5, 5, 1, 5])).toEqual([5, 1]);
  });

  it('lets a user keep 100 prompts, the quick-saved list size', () => {
    expect(SAVED_PROMPT_LIMIT).toBe(100);
    expect(canSaveAnotherPrompt(0)).toBe(true);
    expect(canSaveAnotherPrompt(99)).toBe(true);
    expect(canSaveAnotherPrompt(100)).toBe(false);
    expect(canSaveAnotherPrompt(150)).toBe(false);
    expect(ERROR_STATUS.saved_prompts_limit_exceeded).toBe(409);
  });
});

describe('prompt lists', () => {
  it('pages from 0 with 5 prompts by default and at most 100', () => {
    expect(promptPageQuery.parse({})).toEqual({ page: 0, size: PROMPT_PAGE_SIZE });
    expect(PROMPT_PAGE_SIZE).toBe(5);
    expect(promptPageQuery.parse({ page: '2', size: '100' })).toEqual({ page: 2, size: 100 });
    for (const query of [
      { page: '-1' },
      { size: '0' },
      { size: String(PROMPT_MAX_PAGE_SIZE + 1) },
      { size: 'x' },
    ]) {
      expect(promptPageQuery.safeParse(query).success, JSON.stringify(query)).toBe(false);
    }
  });

  it('defaults to newest first, no search, own prompts only', () => {
    expect(promptListBody.parse({})).toEqual({
      search: '',
      sort: 'created_at',
      sort_desc: true,
      and_subscribed: false,
    });
    expect(
      promptListBody.parse({ search: '  lake ', sort: 'lib', sort_desc: false, target: 'mine' }),
    ).toEqual({
      search: 'lake',
      target: 'mine',
      sort: 'lib',
      sort_desc: false,
      and_subscribed: false,
    });
    expect(promptListBody.safeParse({ sort: 'random' }).success).toBe(false);
    expect(promptListBody.safeParse({ search: 'x'.repeat(101) }).success).toBe(false);
  });

  it('counts pages', () => {
    expect(pageCount(0, 5)).toBe(0);
    expect(pageCount(5, 5)).toBe(1);
    expect(pageCount(6, 5)).toBe(2);
    expect(pageCount(12, 5)).toBe(3);
  });
});

describe('publish and subscribe', () => {
  it('publish and subscribe default to true', () => {
    expect(publishPromptBody.parse({})).toEqual({ public: true });
    expect(publishPromptBody.parse({ public: false })).toEqual({ public: false });
    expect(subscribePromptBody.parse({})).toEqual({ subscribe: true });
    expect(subscribePromptBody.parse({ subscribe: false })).toEqual({ subscribe: false });
  });

  it('only other users may subscribe, and only to public prompts', () => {
    expect(subscriptionProblem(1, undefined)).toBe('not_found');
    expect(subscriptionProblem(1, { user_id: 1, is_public: true })).toBe('unauthorized_resource');
    expect(subscriptionProblem(1, { user_id: 1, is_public: false })).toBe('unauthorized_resource');
    expect(subscriptionProblem(1, { user_id: 2, is_public: false })).toBe('not_found');
    expect(subscriptionProblem(1, { user_id: 2, is_public: true })).toBeNull();
    // Leaving an unpublished prompt stays possible; leaving one's own is still refused.
    expect(subscriptionProblem(1, { user_id: 2, is_public: false }, false)).toBeNull();
    expect(subscriptionProblem(1, { user_id: 1, is_public: false }, false)).toBe('unauthorized_resource');
    expect(subscriptionProblem(1, undefined, false)).toBe('not_found');
    expect(isSubscribable(1, { user_id: 2, is_public: true })).toBe(true);
    expect(isSubscribable(2, { user_id: 2, is_public: true })).toBe(false);
  });

  it('only the owner changes a prompt', () => {
    expect(ownershipProblem(1, undefined)).toBe('not_found');
    expect(ownershipProblem(1, { user_id: 2 })).toBe('unauthorized_resource');
    expect(ownershipProblem(1, { user_id: 1 })).toBeNull();
  });
});

import { LANGUAGES } from '@mirage/domain';
import { loadContent } from '@mirage/i18n';
import { describe, expect, it } from 'vitest';
import { parseAboutContent } from './content.ts';
import { teamCards } from './team.ts';

describe('the about content', () => {
  for (const lang of LANGUAGES) {
    it(`${lang}: parses, with a team of two roles`, async () => {
      const content = parseAboutContent(await loadContent(lang, 'about'));
      expect(content.team.members).toHaveLength(2);
      expect(content.story.paragraphs.length).toBeGreaterThan(0);
    });
  }

  it('refuses a document that lacks a part', async () => {
    const good = (await loadContent('en', 'about')) as Record<string, unknown>;
    expect(() => parseAboutContent({ ...good, thanks: undefined })).toThrow(/about.thanks/);
    expect(() => parseAboutContent({ ...good, team: { title: 'x', lead: 'y', members: [] } })).toThrow(
      /about.team.members/,
    );
  });
});

describe('the team cards', () => {
  const roles = [
    { role: 'Engineering', text: 'Builds.' },
    { role: 'Art', text: 'Curates.' },
  ];

  it('give the configured accounts to the roles in order', () => {
    const team = [
      { id: 7, username: 'ann' },
      { id: 3, username: 'bob' },
    ];
    expect(teamCards(roles, team).map((card) => card.member)).toEqual(team);
  });

  it('keep every role, without a link where nobody fills it', () => {
    expect(
      teamCards(roles, [{ id: 7, username: 'ann' }]).map((card) => [card.role, card.member?.id ?? null]),
    ).toEqual([
      ['Engineering', 7],
      ['Art', null],
    ]);
    expect(teamCards(roles, []).every((card) => card.member === null)).toBe(true);
  });
});

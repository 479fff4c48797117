/**
 * The about page's long-form text (packages/i18n/content/<lang>/about.json), checked when it loads
 * (useContent): a malformed file fails loudly in the tests rather than rendering half a page.
 */

interface Titled {
  title: string;
}

export interface AboutContent {
  lead: string;
  story: Titled & { paragraphs: string[] };
  vision: Titled & { paragraphs: string[]; points: { title: string; text: string }[] };
  /** The team's two roles, in the order of TEAM_USERNAMES: the first member fills the first role. */
  team: Titled & { lead: string; members: { role: string; text: string }[] };
  community: Titled & { text: string };
  thanks: Titled & { paragraphs: string[] };
}

type Json = Record<string, unknown>;

function object(value: unknown, at: string): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error(`${at}: not an object`);
  return value as Json;
}

function text(parent: Json, key: string, at: string): string {
  const value = parent[key];
  if (typeof value !== 'string' || value.trim() === '') throw new Error(`${at}.${key}: not a text`);
  return value;
}

function list<T>(parent: Json, key: string, at: string, read: (item: unknown, at: string) => T): T[] {
  const value = parent[key];
  if (!Array.isArray(value) || value.length === 0) throw new Error(`${at}.${key}: not a list`);
  return value.map((item, index) => read(item, `${at}.${key}[${index}]`));
}

const paragraph = (item: unknown, at: string) => {
  if (typeof item !== 'string' || item.trim() === '') throw new Error(`${at}: not a text`);
  return item;
};

function point(item: unknown, at: string) {
  const json = object(item, at);
  return { title: text(json, 'title', at), text: text(json, 'text', at) };
}

function member(item: unknown, at: string) {
  const json = object(item, at);
  return { role: text(json, 'role', at), text: text(json, 'text', at) };
}

export function parseAboutContent(value: unknown): AboutContent {
  const json = object(value, 'about');
  const section = (key: string) => object(json[key], `about.${key}`);
  const story = section('story');
  const vision = section('vision');
  const team = section('team');
  const community = section('community');
  const thanks = section('thanks');
  return {
    lead: text(json, 'lead', 'about'),
    story: {
      title: text(story, 'title', 'about.story'),
      paragraphs: list(story, 'paragraphs', 'about.story', paragraph),
    },
    vision: {
      title: text(vision, 'title', 'about.vision'),
      paragraphs: list(vision, 'paragraphs', 'about.vision', paragraph),
      points: list(vision, 'points', 'about.vision', point),
    },
    team: {
      title: text(team, 'title', 'about.team'),
      lead: text(team, 'lead', 'about.team'),
      members: list(team, 'members', 'about.team', member),
    },
    community: {
      title: text(community, 'title', 'about.community'),
      text: text(community, 'text', 'about.community'),
    },
    thanks: {
      title: text(thanks, 'title', 'about.thanks'),
      paragraphs: list(thanks, 'paragraphs', 'about.thanks', paragraph),
    },
  };
}

/**
 * The about page's long-form text (packages/i18n/content/<lang>/about.json), checked when it loads
 * (useContent): a malformed file fails loudly in the tests rather than rendering half a page.
 */
import { list, object, text } from '../content/index.ts';

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

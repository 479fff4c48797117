import { describe, expect, it } from 'vitest';
import {
  blocksOfDocument,
  blocksOfLegal,
  isBotRequest,
  renderBlocks,
  withRootContent,
} from './bot-render.ts';

describe('isBotRequest (the route guards’ rule)', () => {
  it('knows crawlers and link previews by user agent, and browsers as people', () => {
    for (const agent of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
      'facebookexternalhit/1.1',
    ]) {
      expect(isBotRequest(agent), agent).toBe(true);
    }
    expect(
      isBotRequest('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36'),
    ).toBe(false);
    expect(isBotRequest(undefined)).toBe(false);
  });
});

describe('blocksOfDocument (any content document, read in order)', () => {
  it('reads headings and paragraphs in the document’s order, leaving out ids, addresses and pictures', () => {
    const document = {
      title: 'The guide',
      sections: [
        {
          id: 'introduction',
          title: 'Introduction',
          body: ['A lighthouse at dusk is a fine first prompt.', 'Then try the harbour.'],
          image: '/images/guide/intro.webp',
          link: '/guide#seed',
        },
        { id: 'seed', heading: 'Seed', paragraphs: [['One item', 'Two items'], 'After the list.'] },
      ],
      cta: { label: 'Create an account', href: '/account/signup' },
    };
    expect(blocksOfDocument(document)).toEqual([
      { kind: 'h2', text: 'The guide' },
      { kind: 'h3', text: 'Introduction' },
      { kind: 'p', text: 'A lighthouse at dusk is a fine first prompt.' },
      { kind: 'p', text: 'Then try the harbour.' },
      { kind: 'h3', text: 'Seed' },
      { kind: 'ul', items: ['One item', 'Two items'] },
      { kind: 'p', text: 'After the list.' },
      { kind: 'p', text: 'Create an account' },
    ]);
  });

  it('leaves out the keys it is told to (the other promo page’s text)', () => {
    const promo = {
      hero: { title: 'Both pages' },
      hentai: { title: 'Anime' },
      realistic: { title: 'Photo' },
    };
    const texts = blocksOfDocument(promo, { skipKeys: new Set(['realistic']) }).map(
      (block) => 'text' in block && block.text,
    );
    expect(texts).toEqual(['Both pages', 'Anime']);
  });

  it('fills the placeholders its page fills, in paragraphs and lists alike', () => {
    const document = {
      body: ['Costs {{cost}} tickets.', ['Up to {{limit}} characters', '{{unknown}} stays']],
    };
    expect(blocksOfDocument(document, { values: { cost: '2', limit: '1,000' } })).toEqual([
      { kind: 'p', text: 'Costs 2 tickets.' },
      { kind: 'ul', items: ['Up to 1,000 characters', '{{unknown}} stays'] },
    ]);
  });
});

describe('blocksOfLegal', () => {
  it('reads a legal document as its title, intro and sections with their lists', () => {
    const blocks = blocksOfLegal({
      doc: 'terms',
      title: 'Terms of Service',
      updated: '2026-11-27',
      intro: ['These terms apply.'],
      sections: [{ id: 'use', heading: '1. Use', body: ['You may:', ['look', 'create']] }],
    });
    expect(blocks).toEqual([
      { kind: 'h1', text: 'Terms of Service' },
      { kind: 'p', text: 'These terms apply.' },
      { kind: 'h2', text: '1. Use' },
      { kind: 'p', text: 'You may:' },
      { kind: 'ul', items: ['look', 'create'] },
    ]);
  });
});

describe('renderBlocks', () => {
  it('escapes every text and attribute', () => {
    const html = renderBlocks([
      { kind: 'h1', text: '<script>alert(1)</script>' },
      { kind: 'p', text: 'Fish & "chips"' },
      { kind: 'ul', items: ['<b>bold</b>'] },
      { kind: 'img', src: '/images/a".webp', alt: 'a <harbour>', width: 832, height: 1216 },
      { kind: 'link', href: '/gallery/a&b-3', text: 'By a&b' },
      { kind: 'nav', links: [{ href: '/guide?lang=fr', text: 'Guide' }] },
    ]);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>');
    expect(html).toContain('<h1>&lt;script&gt;alert(1)&lt;/script&gt;</h1>');
    expect(html).toContain('<p>Fish &amp; &quot;chips&quot;</p>');
    expect(html).toContain(
      '<img src="/images/a&quot;.webp" alt="a &lt;harbour&gt;" width="832" height="1216">',
    );
    expect(html).toContain('<p><a href="/gallery/a&amp;b-3">By a&amp;b</a></p>');
    expect(html).toContain('<nav><ul><li><a href="/guide?lang=fr">Guide</a></li></ul></nav>');
  });
});

describe('withRootContent', () => {
  it('replaces the root’s whole content, nested boot frame included, and nothing after it', () => {
    const index =
      '<body><div id="root"><div class="boot"><div>Mirage</div></div><div class="loader"></div></div>' +
      '<noscript><div>needs JavaScript</div></noscript><script src="/a.js"></script></body>';
    const page = withRootContent(index, '<h1>Hello</h1>');
    expect(page).toBe(
      '<body><div id="root">\n<main>\n<h1>Hello</h1>\n</main>\n</div>' +
        '<noscript><div>needs JavaScript</div></noscript><script src="/a.js"></script></body>',
    );
    expect(withRootContent('<div id="root"></div>', 'x')).toBe('<div id="root">\n<main>\nx\n</main>\n</div>');
    expect(withRootContent('<body>no root</body>', 'x')).toBe('<body>no root</body>');
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeBrowser } from '../../testing/fakeBrowser.ts';
import { getConsent, setConsent, subscribeConsent } from '../cookie/index.ts';
import { analyticsWanted, type AnalyticsConfig } from './wanted.ts';

/**
 * Analytics (docs/product/routes.md#analytics): nothing without a configured script, nothing before the
 * visitor accepts all cookies, then one async script; page views carry the route's pattern; a script
 * blocked or not running within 3000 ms is given up and recorded, and nothing waits for it.
 */
const CONFIG: AnalyticsConfig = {
  script_url: 'https://stats.example.org/js/script.manual.js',
  site_id: 'mirage.example',
};

/** A <script> element: its attributes and its load/error events. */
class FakeScript extends EventTarget {
  async = false;
  defer = false;
  src = '';
  readonly attributes = new Map<string, string>();
  setAttribute(name: string, value: string) {
    this.attributes.set(name, value);
  }
  getAttribute(name: string) {
    return this.attributes.get(name) ?? null;
  }
}

let scripts: FakeScript[] = [];

/** The fake browser's document, with just enough of createElement and <head> for the loader. */
function installDocument() {
  const browser = installFakeBrowser({ origin: 'https://mirage.example' });
  scripts = [];
  const jar = browser.jar;
  const doc = {
    get cookie() {
      return jar.cookie;
    },
    set cookie(text: string) {
      jar.cookie = text;
    },
    createElement: (tag: string) => {
      expect(tag).toBe('script');
      return new FakeScript();
    },
    head: { appendChild: (script: FakeScript) => scripts.push(script) },
  };
  vi.stubGlobal('document', doc);
  Object.assign(browser.window.location, { hostname: 'mirage.example' });
  return browser;
}

/** A fresh loader: it keeps one script for the page's life, so each test gets its own copy. */
async function freshLoader() {
  vi.resetModules();
  return import('./loader.ts');
}

/** What the script defines once it runs: Plausible's manual API, recording each call. */
function scriptRuns(window: object) {
  const plausible = vi.fn();
  Object.assign(window, { plausible });
  return plausible;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('whether analytics load', () => {
  it('never without a configured script, in a development build, or before "Accept all"', () => {
    expect(analyticsWanted(true, null, 'all')).toBeNull();
    expect(analyticsWanted(true, undefined, 'all')).toBeNull();
    expect(analyticsWanted(false, CONFIG, 'all')).toBeNull();
    expect(analyticsWanted(true, CONFIG, undefined)).toBeNull();
    expect(analyticsWanted(true, CONFIG, 'essential')).toBeNull();
    expect(analyticsWanted(true, CONFIG, 'all')).toEqual(CONFIG);
  });

  it('no script before consent; one, async, once the banner is answered "Accept all" in the tab', async () => {
    installDocument();
    const { startAnalytics } = await freshLoader();
    const changes = vi.fn();
    const unsubscribe = subscribeConsent(changes);
    // What the shell does on each render: the loader is fetched only when analytics are wanted.
    const render = () => {
      const wanted = analyticsWanted(true, CONFIG, getConsent());
      if (wanted) startAnalytics(wanted);
    };
    render();
    expect(scripts).toHaveLength(0);

    setConsent('all');
    expect(changes).toHaveBeenCalledOnce();
    render();
    render();
    unsubscribe();
    expect(scripts).toHaveLength(1);
    const [script] = scripts;
    expect(script?.src).toBe(CONFIG.script_url);
    expect(script?.async).toBe(true);
    expect(script?.getAttribute('data-domain')).toBe('mirage.example');
    expect(script?.getAttribute('data-analytics')).toBe('loading');
  });

  it('"Essential only" loads nothing', () => {
    installDocument();
    setConsent('essential');
    expect(analyticsWanted(true, CONFIG, getConsent())).toBeNull();
  });

  it("names the site by the page's host when no site id is configured", async () => {
    installDocument();
    const { startAnalytics } = await freshLoader();
    startAnalytics({ script_url: CONFIG.script_url, site_id: null });
    expect(scripts[0]?.getAttribute('data-domain')).toBe('mirage.example');
  });
});

describe('page views', () => {
  it("carry the route's pattern, never an id, a username or the query", async () => {
    const { window } = installDocument();
    const { startAnalytics, pageviewPattern } = await freshLoader();
    const tracker = startAnalytics(CONFIG);
    const plausible = scriptRuns(window);
    scripts[0]?.dispatchEvent(new Event('load'));

    tracker.pageview('/image/0b6e7f4c-7a51-4a43-9d1c-2f5a3b8e9d10');
    tracker.pageview('/gallery/lighthouse_fan');
    tracker.pageview('/explore');
    tracker.pageview('/no/such/page');
    expect(plausible.mock.calls).toEqual([
      ['pageview', { u: 'https://mirage.example/image/:uuid' }],
      ['pageview', { u: 'https://mirage.example/gallery/:slug' }],
      ['pageview', { u: 'https://mirage.example/explore' }],
      ['pageview', { u: 'https://mirage.example/404' }],
    ]);
    expect(scripts[0]?.getAttribute('data-analytics')).toBe('ready');
    // A route that only redirects (to the profile) is not a page: its target gets the view.
    expect(pageviewPattern('/profile/42/lighthouse_fan')).toBeNull();
    expect(pageviewPattern('/profile/lighthouse_fan')).toBe('/profile/:slug');
  });

  it('made while the script loads are sent once it runs', async () => {
    const { window } = installDocument();
    const { startAnalytics } = await freshLoader();
    const tracker = startAnalytics(CONFIG);
    tracker.pageview('/explore');
    tracker.pageview('/image/abc');
    const plausible = scriptRuns(window);
    scripts[0]?.dispatchEvent(new Event('load'));
    expect(plausible.mock.calls).toEqual([
      ['pageview', { u: 'https://mirage.example/explore' }],
      ['pageview', { u: 'https://mirage.example/image/:uuid' }],
    ]);
  });
});

describe('a script that does not arrive', () => {
  it('is given up after 3000 ms: recorded as blocked, nothing sent, a late load ignored', async () => {
    const { window } = installDocument();
    const { startAnalytics, analyticsBlocked, analyticsStatus, GIVE_UP_MS } = await freshLoader();
    expect(GIVE_UP_MS).toBe(3000);
    const tracker = startAnalytics(CONFIG);
    tracker.pageview('/explore');
    vi.advanceTimersByTime(2999);
    expect(analyticsStatus()).toBe('loading');
    vi.advanceTimersByTime(1);
    expect(analyticsBlocked()).toBe(true);
    expect(scripts[0]?.getAttribute('data-analytics')).toBe('blocked');

    const plausible = scriptRuns(window);
    scripts[0]?.dispatchEvent(new Event('load'));
    tracker.pageview('/leaderboard');
    expect(plausible).not.toHaveBeenCalled();
    expect(analyticsBlocked()).toBe(true);
    // No retry: still the one script.
    startAnalytics(CONFIG);
    expect(scripts).toHaveLength(1);
  });

  it('blocked (a load error): recorded at once, swallowed, page views dropped, no retry', async () => {
    installDocument();
    const { startAnalytics, analyticsBlocked } = await freshLoader();
    expect(analyticsBlocked()).toBe(false);
    const tracker = startAnalytics(CONFIG);
    expect(() => scripts[0]?.dispatchEvent(new Event('error'))).not.toThrow();
    expect(analyticsBlocked()).toBe(true);
    expect(() => tracker.pageview('/explore')).not.toThrow();
    startAnalytics(CONFIG);
    expect(scripts).toHaveLength(1);
    // Nothing left waiting: the give-up timer was cleared.
    expect(vi.getTimerCount()).toBe(0);
  });

  it('answered by a blocker with an empty stand-in (loads, defines nothing): blocked', async () => {
    installDocument();
    const { startAnalytics, analyticsBlocked } = await freshLoader();
    startAnalytics(CONFIG);
    scripts[0]?.dispatchEvent(new Event('load'));
    expect(analyticsBlocked()).toBe(true);
  });

  it('a script whose API throws never reaches the page', async () => {
    const { window } = installDocument();
    const { startAnalytics } = await freshLoader();
    const tracker = startAnalytics(CONFIG);
    Object.assign(window, {
      plausible: () => {
        throw new Error('broken');
      },
    });
    scripts[0]?.dispatchEvent(new Event('load'));
    expect(() => tracker.pageview('/explore')).not.toThrow();
  });
});

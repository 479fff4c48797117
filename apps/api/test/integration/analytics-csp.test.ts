import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { Client, createTestApp, type TestContext } from '../harness.ts';

/**
 * Cookie-less analytics (docs/product/routes.md#analytics): off unless ANALYTICS_SCRIPT_URL is set. Set, the
 * site call names the script for the web app, and the content security policy lets exactly that script's
 * origin in (script-src, and connect-src for the page views it sends); unset, it lets in nothing else.
 */
const contexts: TestContext[] = [];
// One embedded database at a time: each test's app is closed after it.
afterEach(async () => {
  for (const t of contexts.splice(0)) await t.close();
});

async function appWith(env: Record<string, string> = {}) {
  const t = await createTestApp({ env });
  contexts.push(t);
  return t;
}

/** Each directive of the policy an answer carries, by name: `script-src` → ["'self'", …]. */
async function policyOf(t: TestContext, url: string): Promise<Map<string, string[]>> {
  const header = String((await t.app.inject({ method: 'GET', url })).headers['content-security-policy']);
  const directives = new Map<string, string[]>();
  for (const directive of header.split(';')) {
    const [name = '', ...values] = directive.trim().split(/\s+/);
    if (name) directives.set(name, values);
  }
  return directives;
}

const SCRIPT = 'https://stats.example.org/js/script.manual.js';

describe('analytics and the content security policy', () => {
  it('unset: no analytics in the site call, and scripts and connections from the site only', async () => {
    const t = await appWith();
    expect((await new Client(t.app).get('/api/config/site')).body.analytics).toBeNull();
    for (const url of ['/api/health', '/explore', '/api/does/not/exist']) {
      const policy = await policyOf(t, url);
      expect(policy.get('script-src')).toEqual(["'self'"]);
      expect(policy.get('connect-src')).toEqual(["'self'"]);
    }
  });

  it("set: the script's origin alone joins script-src and connect-src, and the site call names it", async () => {
    const t = await appWith({ ANALYTICS_SCRIPT_URL: SCRIPT, ANALYTICS_SITE_ID: 'mirage.example' });
    expect((await new Client(t.app).get('/api/config/site')).body.analytics).toEqual({
      script_url: SCRIPT,
      site_id: 'mirage.example',
    });
    for (const url of ['/api/health', '/explore']) {
      const policy = await policyOf(t, url);
      // The origin, not the script's path: the script sends its page views to /api/event on its host.
      expect(policy.get('script-src')).toEqual(["'self'", 'https://stats.example.org']);
      expect(policy.get('connect-src')).toEqual(["'self'", 'https://stats.example.org']);
      // Nowhere else: no images, frames or styles from it.
      expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
      expect(policy.get('default-src')).toEqual(["'self'"]);
    }
  });

  it('set without a site id: the web app uses the host name (null here)', async () => {
    const t = await appWith({ ANALYTICS_SCRIPT_URL: 'http://localhost:8000/js/script.manual.js' });
    expect((await new Client(t.app).get('/api/config/site')).body.analytics).toEqual({
      script_url: 'http://localhost:8000/js/script.manual.js',
      site_id: null,
    });
    expect((await policyOf(t, '/api/health')).get('script-src')).toEqual(["'self'", 'http://localhost:8000']);
  });

  it('refuses a script address that is not http(s) at start', () => {
    for (const bad of ['javascript:alert(1)', 'data:text/javascript,1', 'stats.example.org/script.js']) {
      expect(() => loadConfig({ NODE_ENV: 'test', ANALYTICS_SCRIPT_URL: bad })).toThrow(ConfigError);
    }
  });
});

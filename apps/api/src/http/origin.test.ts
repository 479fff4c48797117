import { describe, expect, it } from 'vitest';
import { isSameSiteRequest, siteOrigins, type RequestProvenance } from './origin.ts';

const site = siteOrigins('https://mirage.example');
const request = (overrides: Partial<RequestProvenance>): RequestProvenance => ({
  method: 'POST',
  origin: undefined,
  referer: undefined,
  cookie: undefined,
  ...overrides,
});
const SESSION = 'mirage_session=abc; auth=true';

describe('the site’s origins', () => {
  it('are PUBLIC_URL’s origin only', () => {
    expect([...siteOrigins('https://mirage.example/some/path')]).toEqual(['https://mirage.example']);
    expect([...siteOrigins('https://mirage.example:8443')]).toEqual(['https://mirage.example:8443']);
  });

  it('include the other loopback names of a loopback PUBLIC_URL, on the same scheme and port', () => {
    expect([...siteOrigins('http://localhost:8080')].sort()).toEqual([
      'http://127.0.0.1:8080',
      'http://[::1]:8080',
      'http://localhost:8080',
    ]);
    expect(siteOrigins('http://127.0.0.1:8080').has('http://localhost:8080')).toBe(true);
    expect(siteOrigins('http://localhost:8080').has('http://localhost:9999')).toBe(false);
    expect(siteOrigins('http://localhost:8080').has('https://localhost:8080')).toBe(false);
  });
});

describe('the cross-site request rule', () => {
  it.each(['GET', 'HEAD', 'OPTIONS'])('lets %s through from anywhere', (method) => {
    expect(
      isSameSiteRequest(request({ method, origin: 'https://evil.example', cookie: SESSION }), site),
    ).toBe(true);
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE', 'PROPFIND'])('checks %s', (method) => {
    expect(isSameSiteRequest(request({ method, origin: 'https://mirage.example' }), site)).toBe(true);
    expect(isSameSiteRequest(request({ method, origin: 'https://evil.example' }), site)).toBe(false);
  });

  it.each([
    'https://cdn.mirage.example',
    'https://mirage.example:8443',
    'http://mirage.example',
    'null',
    '',
    'HTTPS://MIRAGE.EXAMPLE',
    'https://mirage.example/',
    'https://mirage.example, https://evil.example',
  ])('refuses Origin %j, with or without cookies', (origin) => {
    expect(isSameSiteRequest(request({ origin, cookie: SESSION }), site)).toBe(false);
    expect(isSameSiteRequest(request({ origin }), site)).toBe(false);
  });

  it('takes the Referer’s origin when Origin is missing', () => {
    const referer = (value: string) => request({ referer: value, cookie: SESSION });
    expect(isSameSiteRequest(referer('https://mirage.example/settings?tab=1'), site)).toBe(true);
    expect(isSameSiteRequest(referer('https://cdn.mirage.example/attack.html'), site)).toBe(false);
    expect(isSameSiteRequest(referer('not a url'), site)).toBe(false);
    // Origin decides when both are there.
    expect(
      isSameSiteRequest(
        request({ origin: 'https://evil.example', referer: 'https://mirage.example/', cookie: SESSION }),
        site,
      ),
    ).toBe(false);
  });

  it('lets a request with neither header through only when it carries no cookie', () => {
    expect(isSameSiteRequest(request({}), site)).toBe(true);
    expect(isSameSiteRequest(request({ cookie: '  ' }), site)).toBe(true);
    expect(isSameSiteRequest(request({ cookie: SESSION }), site)).toBe(false);
    expect(isSameSiteRequest(request({ cookie: 'language=fr' }), site)).toBe(false);
  });
});

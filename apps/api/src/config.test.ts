import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, wantsSandboxPayments } from './config.ts';

describe('configuration', () => {
  it('defaults to port 8080, ./data and the embedded database', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(8080);
    expect(config.DATA_DIR).toBe('./data');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.WELCOME_TICKETS).toBe(20);
  });

  it('reads and coerces values, treating empty strings as unset', () => {
    const config = loadConfig({ PORT: '9090', DATABASE_URL: '', TRUST_PROXY: 'true', WELCOME_TICKETS: '5' });
    expect(config.PORT).toBe(9090);
    expect(config.PUBLIC_URL).toBe('http://localhost:9090');
    expect(loadConfig({ PUBLIC_URL: 'https://mirage.example' }).PUBLIC_URL).toBe('https://mirage.example');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.TRUST_PROXY).toBe(true);
    expect(config.WELCOME_TICKETS).toBe(5);
  });

  it('reads the anonymiser ranges of referrals, and refuses what is not a CIDR', () => {
    expect(loadConfig({}).REFERRAL_BLOCKED_CIDRS).toEqual([]);
    const cidrs = ' 203.0.113.0/24, 2001:db8::/32,198.51.100.7 ';
    expect(loadConfig({ REFERRAL_BLOCKED_CIDRS: cidrs }).REFERRAL_BLOCKED_CIDRS).toEqual([
      '203.0.113.0/24',
      '2001:db8::/32',
      '198.51.100.7',
    ]);
    for (const bad of ['203.0.113.0/33', 'example.com', '2001:db8::/129', '10.0.0.0/8/8', '10.0.0.0/x'])
      expect(() => loadConfig({ REFERRAL_BLOCKED_CIDRS: bad }), bad).toThrow(/REFERRAL_BLOCKED_CIDRS/);
  });

  it('names every invalid variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', PUBLIC_URL: 'not a url' })).toThrow(
      /PORT[\s\S]*PUBLIC_URL|PUBLIC_URL[\s\S]*PORT/,
    );
  });

  it('refuses to start in production with unsafe defaults', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /COOKIE_SECRET[\s\S]*PUBLIC_URL[\s\S]*SMTP_URL/,
    );
    const safe = {
      NODE_ENV: 'production',
      COOKIE_SECRET: 's'.repeat(40),
      PUBLIC_URL: 'https://mirage.example',
      SMTP_URL: 'smtp://mail.example:587',
      C2PA_CERT: '/etc/mirage/c2pa-chain.pem',
      C2PA_KEY: '/etc/mirage/c2pa-key.pem',
    };
    expect(loadConfig(safe).NODE_ENV).toBe('production');
    expect(() => loadConfig({ ...safe, RATE_LIMITS_DISABLED: 'true' })).toThrow(/RATE_LIMITS_DISABLED/);
    expect(() => loadConfig({ ...safe, COOKIE_SECRET: 'short' })).toThrow(ConfigError);
    // Content Credentials signed by a development signer prove nothing: the operator's are required.
    expect(() => loadConfig({ ...safe, C2PA_CERT: undefined, C2PA_KEY: undefined })).toThrow(/C2PA_CERT/);
    expect(() => loadConfig({ C2PA_CERT: '/etc/mirage/c2pa-chain.pem' })).toThrow(/C2PA_KEY/);
    // The sandbox payments: no money moves, so never in production.
    expect(() => loadConfig({ ...safe, SANDBOX_PAYMENTS: 'true' })).toThrow(/SANDBOX_PAYMENTS/);
    expect(wantsSandboxPayments(loadConfig(safe))).toBe(false);
    // The files host's addresses carry read tokens: https only.
    expect(() => loadConfig({ ...safe, FILES_PUBLIC_URL: 'http://files.example' })).toThrow(
      /FILES_PUBLIC_URL/,
    );
    expect(loadConfig({ ...safe, FILES_PUBLIC_URL: 'https://files.example' }).FILES_PUBLIC_URL).toBe(
      'https://files.example',
    );
  });

  it('takes the files host as a base address: trailing slashes dropped, no query nor fragment', () => {
    expect(loadConfig({}).FILES_PUBLIC_URL).toBeUndefined();
    expect(loadConfig({ FILES_PUBLIC_URL: 'https://cdn.example/mirage/' }).FILES_PUBLIC_URL).toBe(
      'https://cdn.example/mirage',
    );
    for (const bad of [
      'https://cdn.example/?a=1',
      'https://cdn.example/#x',
      'ftp://cdn.example',
      'cdn.example',
    ])
      expect(() => loadConfig({ FILES_PUBLIC_URL: bad }), bad).toThrow(/FILES_PUBLIC_URL/);
  });

  it('offers the sandbox payments outside production unless turned off', () => {
    expect(wantsSandboxPayments(loadConfig({}))).toBe(true);
    expect(wantsSandboxPayments(loadConfig({ SANDBOX_PAYMENTS: 'false' }))).toBe(false);
  });
});

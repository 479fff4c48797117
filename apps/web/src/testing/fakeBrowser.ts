/**
 * Just enough of a browser for unit tests that run in Node: a cookie jar behind `document.cookie` (with
 * Max-Age deletion), `window.location`, `navigator` and storage. Install it with vi.stubGlobal through
 * installFakeBrowser(); the web project's config restores the real globals after each test.
 */
import { vi } from 'vitest';

/** document.cookie semantics: reading lists "name=value" pairs; writing sets or (Max-Age<=0) deletes one. */
export class CookieJar {
  private readonly jar = new Map<string, string>();
  /** Every string assigned to document.cookie, attributes included. */
  readonly writes: string[] = [];

  constructor(initial: Record<string, string> = {}) {
    for (const [name, value] of Object.entries(initial)) this.jar.set(name, value);
  }

  get cookie(): string {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  set cookie(text: string) {
    this.writes.push(text);
    const [pair = '', ...attributes] = text.split(';').map((part) => part.trim());
    const equals = pair.indexOf('=');
    const name = pair.slice(0, equals);
    const maxAge = attributes.find((attribute) => /^max-age=/i.test(attribute));
    if (maxAge !== undefined && Number(maxAge.split('=')[1]) <= 0) this.jar.delete(name);
    else this.jar.set(name, pair.slice(equals + 1));
  }

  has(name: string): boolean {
    return this.jar.has(name);
  }
}

export class MemoryStorage {
  private readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, String(value));
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
  clear(): void {
    this.items.clear();
  }
  get length(): number {
    return this.items.size;
  }
}

export interface FakeBrowser {
  jar: CookieJar;
  window: EventTarget & {
    location: { origin: string; protocol: string; search: string };
    opener: unknown;
  };
  assign: ReturnType<typeof vi.fn>;
  reload: ReturnType<typeof vi.fn>;
  localStorage: MemoryStorage;
  sessionStorage: MemoryStorage;
}

export function installFakeBrowser(
  options: {
    cookies?: Record<string, string>;
    origin?: string;
    languages?: string[];
    userAgent?: string;
  } = {},
): FakeBrowser {
  const jar = new CookieJar(options.cookies);
  const origin = options.origin ?? 'http://localhost:8080';
  const assign = vi.fn();
  const reload = vi.fn();
  const localStorage = new MemoryStorage();
  const sessionStorage = new MemoryStorage();
  const target = new EventTarget();
  const window = Object.assign(target, {
    location: { origin, protocol: new URL(origin).protocol, search: '', assign, reload },
    opener: null,
    setTimeout,
    clearTimeout,
    setInterval,
    clearInterval,
  });
  vi.stubGlobal('document', jar);
  vi.stubGlobal('window', window);
  vi.stubGlobal('navigator', {
    languages: options.languages ?? ['en-US', 'en'],
    userAgent: options.userAgent ?? 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36',
  });
  vi.stubGlobal('localStorage', localStorage);
  vi.stubGlobal('sessionStorage', sessionStorage);
  return { jar, window, assign, reload, localStorage, sessionStorage };
}

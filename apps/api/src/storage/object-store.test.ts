import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createFileObjectStore } from './object-store.ts';

const roots: string[] = [];
function newStore() {
  const root = mkdtempSync(path.join(os.tmpdir(), 'mirage-store-'));
  roots.push(root);
  return { root, store: createFileObjectStore(root) };
}
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe('file object store', () => {
  it('stores, reads and deletes an object, leaving no temporary file behind', async () => {
    const { root, store } = newStore();
    await store.put('images/a.png', Buffer.from('one'), 'image/png');
    expect((await store.get('images/a.png'))?.toString()).toBe('one');
    expect(readdirSync(path.join(root, 'images'))).toEqual(['a.png']);
    await store.delete('images/a.png');
    expect(await store.get('images/a.png')).toBeNull();
  });

  it('replaces an object as a whole', async () => {
    const { store } = newStore();
    await store.put('images/b.webp', Buffer.from('first'), 'image/webp');
    await store.put('images/b.webp', Buffer.from('second'), 'image/webp');
    expect((await store.get('images/b.webp'))?.toString()).toBe('second');
  });

  it('makes the folder again when it was removed after the first write', async () => {
    const { root, store } = newStore();
    await store.put('images/c.png', Buffer.from('x'), 'image/png');
    rmSync(path.join(root, 'images'), { recursive: true });
    await store.put('images/d.png', Buffer.from('y'), 'image/png');
    expect((await store.get('images/d.png'))?.toString()).toBe('y');
  });

  it('refuses keys that could leave its folder', async () => {
    const { store } = newStore();
    await expect(store.put('../escape.png', Buffer.from('x'), 'image/png')).rejects.toThrow(
      'invalid object key',
    );
    await expect(store.get('images//x.png')).rejects.toThrow('invalid object key');
    await expect(store.delete('/etc/passwd')).rejects.toThrow('invalid object key');
  });
});

describe('file object store, blocking', () => {
  it('behaves like the default one: atomic puts, reads, deletes, missing objects, refused keys', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'mirage-store-'));
    roots.push(root);
    const store = createFileObjectStore(root, { blocking: true });
    await store.put('images/a.png', Buffer.from('one'), 'image/png');
    await store.put('images/a.png', Buffer.from('two'), 'image/png');
    expect((await store.get('images/a.png'))?.toString()).toBe('two');
    expect(readdirSync(path.join(root, 'images'))).toEqual(['a.png']);
    // A second store on the same folder (another thread) sees the file.
    expect((await createFileObjectStore(root).get('images/a.png'))?.toString()).toBe('two');
    await store.delete('images/a.png');
    expect(await store.get('images/a.png')).toBeNull();
    rmSync(path.join(root, 'images'), { recursive: true });
    await store.put('images/b.png', Buffer.from('x'), 'image/png');
    expect((await store.get('images/b.png'))?.toString()).toBe('x');
    await expect(store.put('../escape.png', Buffer.from('x'), 'image/png')).rejects.toThrow(
      'invalid object key',
    );
  });
});

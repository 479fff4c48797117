import { describe, expect, it } from 'vitest';
import { isTextEntry, shortcutFor, type KeyInput } from './shortcuts.ts';

const press = (key: string, extra: Partial<KeyInput> = {}): KeyInput => ({
  key,
  code: /^[a-z]$/i.test(key) ? `Key${key.toUpperCase()}` : '',
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...extra,
});

describe('mask editor shortcuts', () => {
  it('picks tools, sizes and the fitted view', () => {
    expect(shortcutFor(press('b'))).toBe('brush');
    expect(shortcutFor(press('B', { shiftKey: true }))).toBe('brush');
    expect(shortcutFor(press('e'))).toBe('eraser');
    expect(shortcutFor(press('h'))).toBe('pan');
    expect(shortcutFor(press('['))).toBe('smaller');
    expect(shortcutFor(press(']'))).toBe('larger');
    expect(shortcutFor(press('0'))).toBe('fit');
    expect(shortcutFor(press('+', { shiftKey: true }))).toBe('zoom-in');
    expect(shortcutFor(press('='))).toBe('zoom-in');
    expect(shortcutFor(press('-'))).toBe('zoom-out');
    expect(shortcutFor(press('x'))).toBeNull();
    expect(shortcutFor(press('Enter'))).toBeNull();
  });

  it('undoes with Ctrl/Cmd+Z, redoes with Ctrl/Cmd+Shift+Z and Ctrl+Y', () => {
    expect(shortcutFor(press('z', { ctrlKey: true }))).toBe('undo');
    expect(shortcutFor(press('z', { metaKey: true }))).toBe('undo');
    expect(shortcutFor(press('Z', { ctrlKey: true, shiftKey: true }))).toBe('redo');
    expect(shortcutFor(press('z', { metaKey: true, shiftKey: true }))).toBe('redo');
    expect(shortcutFor(press('y', { ctrlKey: true }))).toBe('redo');
    expect(shortcutFor(press('z'))).toBeNull();
  });

  it('leaves the browser its own shortcuts', () => {
    expect(shortcutFor(press('0', { ctrlKey: true }))).toBeNull(); // reset page zoom
    expect(shortcutFor(press('b', { ctrlKey: true }))).toBeNull();
    expect(shortcutFor(press('e', { altKey: true }))).toBeNull();
    expect(shortcutFor(press('-', { metaKey: true }))).toBeNull();
  });

  it('reads the physical key on keyboards of other scripts, and AltGr brackets', () => {
    expect(shortcutFor(press('и', { code: 'KeyB' }))).toBe('brush');
    expect(shortcutFor(press('я', { code: 'KeyZ', ctrlKey: true }))).toBe('undo');
    expect(shortcutFor(press('х', { code: 'BracketLeft' }))).toBe('smaller');
    expect(shortcutFor(press(']', { code: 'Digit9', ctrlKey: true, altKey: true }))).toBe('larger');
  });
});

describe('text entry', () => {
  it('is where typing goes: text inputs, text areas, selects, editable content', () => {
    expect(isTextEntry({ tagName: 'TEXTAREA' })).toBe(true);
    expect(isTextEntry({ tagName: 'INPUT', type: 'text' })).toBe(true);
    expect(isTextEntry({ tagName: 'INPUT', type: 'search' })).toBe(true);
    expect(isTextEntry({ tagName: 'INPUT' })).toBe(true);
    expect(isTextEntry({ tagName: 'SELECT' })).toBe(true);
    expect(isTextEntry({ tagName: 'DIV', isContentEditable: true })).toBe(true);
  });

  it('is not a slider, a checkbox, a button or the page', () => {
    expect(isTextEntry({ tagName: 'INPUT', type: 'range' })).toBe(false);
    expect(isTextEntry({ tagName: 'INPUT', type: 'checkbox' })).toBe(false);
    expect(isTextEntry({ tagName: 'BUTTON' })).toBe(false);
    expect(isTextEntry({ tagName: 'BODY' })).toBe(false);
    expect(isTextEntry(null)).toBe(false);
  });
});

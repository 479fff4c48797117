/**
 * Keyboard shortcuts of the mask editor, as a pure map from a key event to a command, so the rules are tested
 * without a browser. The editor listens on the window (the canvas is not a text field that could hold
 * focus), so keys typed into the page's prompt or any other text field must pass through untouched.
 */

export type MaskCommand =
  'brush' | 'eraser' | 'pan' | 'smaller' | 'larger' | 'undo' | 'redo' | 'fit' | 'zoom-in' | 'zoom-out';

/** The parts of a KeyboardEvent the map reads. */
export interface KeyInput {
  key: string;
  code: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

/** Where typing goes: keys pressed there are the user's text, not shortcuts. */
export interface TargetLike {
  tagName?: string;
  type?: string;
  isContentEditable?: boolean;
}

// Inputs that take no typing: a shortcut pressed on the brush-size slider or a checkbox still applies.
const NON_TEXT_INPUTS = new Set(['range', 'checkbox', 'radio', 'button', 'submit', 'reset', 'color', 'file']);

export function isTextEntry(target: TargetLike | null | undefined): boolean {
  if (!target) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName?.toUpperCase();
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  return tag === 'INPUT' && !NON_TEXT_INPUTS.has((target.type ?? 'text').toLowerCase());
}

/**
 * The key's Latin letter or symbol. Keyboards of other scripts (Cyrillic, Japanese kana, …) report their own
 * character in `key`, so the physical key (`code`) stands in for it, as other editors do.
 */
function keyName({ key, code }: KeyInput): string {
  if (/^[\x20-\x7e]$/.test(key)) return key.toLowerCase();
  if (/^Key[A-Z]$/.test(code)) return code.slice(3).toLowerCase();
  if (code === 'BracketLeft') return '[';
  if (code === 'BracketRight') return ']';
  if (code === 'Digit0' || code === 'Numpad0') return '0';
  return key;
}

export function shortcutFor(event: KeyInput): MaskCommand | null {
  const name = keyName(event);
  const command = event.ctrlKey || event.metaKey;
  if (command && !event.altKey) {
    if (name === 'z') return event.shiftKey ? 'redo' : 'undo';
    if (name === 'y' && !event.shiftKey) return 'redo';
    return null;
  }
  // AltGr types [ and ] on many European layouts and arrives as Ctrl+Alt on Windows.
  if (name === '[') return 'smaller';
  if (name === ']') return 'larger';
  if (command || event.altKey) return null;
  switch (name) {
    case 'b':
      return 'brush';
    case 'e':
      return 'eraser';
    case 'h':
      return 'pan';
    case '0':
      return 'fit';
    case '+':
    case '=':
      return 'zoom-in';
    case '-':
      return 'zoom-out';
    default:
      return null;
  }
}

/**
 * The answers the server embedded in the page (packages/domain/src/first-screen.ts): the first screen's
 * data arrives with the HTML, so the app does not wait until it has booted to ask for it. Each answer
 * stands in for one request, the first one the app sends with the same method, path, query and body, and
 * only while the page is young (FIRST_SCREEN_TTL_MS). A request that changes something (an operation that
 * does not only read, client.ts) drops whatever is left: data the page shows after it comes from the API.
 */
import {
  FIRST_SCREEN_SCRIPT_ID,
  FIRST_SCREEN_TTL_MS,
  firstScreenKey,
  type FirstScreenData,
} from '@mirage/domain';

/** Not read yet (undefined), or the answers left. */
let answers: Map<string, unknown> | undefined;
/** The signed-in boards' shuffle seed the page was served with, until taken. */
let shuffleSeed: number | undefined;

/** Whether what the page holds may still stand in for requests (FIRST_SCREEN_TTL_MS after its start). */
const pageIsYoung = () => performance.now() <= FIRST_SCREEN_TTL_MS;

function isFirstScreenData(value: unknown): value is FirstScreenData {
  if (typeof value !== 'object' || value === null) return false;
  const embedded = (value as { answers?: unknown }).answers;
  return typeof embedded === 'object' && embedded !== null && !Array.isArray(embedded);
}

/** Reads the element once and takes it out of the document (its text is no use after). */
function embeddedAnswers(): Map<string, unknown> {
  if (answers) return answers;
  answers = new Map();
  // Outside a browser page (tests, a worker) there is no page to read.
  if (typeof document === 'undefined' || typeof document.getElementById !== 'function') return answers;
  const element = document.getElementById(FIRST_SCREEN_SCRIPT_ID);
  if (!element) return answers;
  try {
    const data: unknown = JSON.parse(element.textContent || 'null');
    if (isFirstScreenData(data)) {
      answers = new Map(Object.entries(data.answers));
      const seed = data.shuffleSeed;
      if (typeof seed === 'number' && Number.isFinite(seed) && seed >= -1 && seed <= 1) shuffleSeed = seed;
    }
  } catch {
    // A page cut short or edited by an extension: the app asks the API instead.
  }
  element.remove();
  return answers;
}

/** The embedded answer to this request, given out once, or `undefined` when there is none. */
export function takeFirstScreenAnswer(
  method: string,
  url: string,
  body: unknown,
): { answer: unknown } | undefined {
  const left = embeddedAnswers();
  if (left.size === 0) return undefined;
  if (!pageIsYoung()) {
    left.clear();
    return undefined;
  }
  const key = firstScreenKey(method, url, body);
  if (!left.has(key)) return undefined;
  const answer = left.get(key);
  left.delete(key);
  return { answer };
}

/**
 * The shuffle seed the server drew for the board page in the page (FirstScreenData.shuffleSeed), given out
 * once and only while the page is young; undefined otherwise.
 */
export function takeFirstScreenShuffleSeed(): number | undefined {
  embeddedAnswers();
  const seed = shuffleSeed;
  shuffleSeed = undefined;
  return pageIsYoung() ? seed : undefined;
}

/** Drops the answers left: after a change, the data they hold may be out of date. */
export function forgetFirstScreen(): void {
  embeddedAnswers().clear();
}

/** Forgets the embedded answers and reads the element again on next use: for tests. */
export function resetFirstScreen(): void {
  answers = undefined;
  shuffleSeed = undefined;
}

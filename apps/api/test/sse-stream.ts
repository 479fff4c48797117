import http from 'node:http';

/** A live stream opened over real HTTP by a test (app.inject waits for the end of an answer, which never comes). */
export interface SseStream {
  status: number;
  /** Everything received so far. */
  text: () => string;
  /** Resolves once the received text contains `marker`. */
  received: (marker: string) => Promise<void>;
  /** How many events of this name were received so far. */
  count: (event: string) => number;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  isEnded: () => boolean;
  destroy: () => void;
}

/**
 * Opens `url` on `base` as a stream; every stream opened is pushed on `opened`, so that the test file's
 * afterEach can destroy them.
 */
export function openSseStream(
  base: string,
  url: string,
  cookie: string | undefined,
  opened: SseStream[],
): Promise<SseStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${base}${url}`, { headers: cookie ? { cookie } : {} });
    request.on('error', reject);
    request.on('response', (response) => {
      let text = '';
      let done = false;
      const waiting: { marker: string; found: () => void }[] = [];
      const settle = () => {
        for (const wait of waiting.filter((w) => text.includes(w.marker))) {
          waiting.splice(waiting.indexOf(wait), 1);
          wait.found();
        }
      };
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
        settle();
      });
      const ended = new Promise<void>((end) =>
        response.on('close', () => {
          done = true;
          end();
        }),
      );
      const stream: SseStream = {
        status: response.statusCode ?? 0,
        text: () => text,
        received: (marker) =>
          new Promise((found) => {
            waiting.push({ marker, found });
            settle();
          }),
        count: (event) => text.split(`event: ${event}\n`).length - 1,
        ended,
        isEnded: () => done,
        destroy: () => request.destroy(),
      };
      opened.push(stream);
      resolve(stream);
    });
  });
}

import { LIVE_STREAM_URL, TASK_STATE, type TaskView } from '@mirage/domain';
import { describe, expect, it, vi } from 'vitest';
import { CLOSED, CONNECTING, setup } from './fakeStream.test-support.ts';
import { STREAM_RETRY_MS } from './liveStream.ts';

const task = (task_id: string, state: number = TASK_STATE.Queue) => ({ task_id, state }) as TaskView;

describe('the app live stream', () => {
  it('opens one stream for all subscribers, and delivers each event to the subscribers of its name', () => {
    const { stream, sources, latest } = setup();
    const tasksA = vi.fn();
    const tasksB = vi.fn();
    const balance = vi.fn();
    stream.subscribe('tasks', tasksA);
    stream.subscribe('tasks', tasksB);
    stream.subscribe('balance', balance);
    stream.start();
    stream.start();
    expect(sources).toHaveLength(1);
    expect(latest().url).toBe(LIVE_STREAM_URL);

    latest().emit('tasks', [task('t1')]);
    latest().emit('balance', {});
    expect(tasksA).toHaveBeenCalledWith([task('t1')]);
    expect(tasksB).toHaveBeenCalledWith([task('t1')]);
    expect(balance).toHaveBeenCalledTimes(1);
    expect(balance).toHaveBeenCalledWith({});
  });

  it('stops delivering to a subscriber that unsubscribed', () => {
    const { stream, latest } = setup();
    const handler = vi.fn();
    const unsubscribe = stream.subscribe('balance', handler);
    stream.start();
    latest().emit('balance', {});
    unsubscribe();
    latest().emit('balance', {});
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('ignores malformed data', () => {
    const { stream, latest } = setup();
    const tasks = vi.fn();
    const notification = vi.fn();
    stream.subscribe('tasks', tasks);
    stream.subscribe('notification', notification);
    stream.start();
    latest().emit('tasks', 'not json');
    latest().emit('tasks', { task_id: 'not a list' });
    latest().emit('notification', 'null');
    expect(tasks).not.toHaveBeenCalled();
    expect(notification).not.toHaveBeenCalled();
  });

  it('gives a late tasks subscriber the latest view of each task first, then the changes', () => {
    const { stream, latest } = setup();
    stream.start();
    latest().emit('tasks', [task('t1'), task('t2')]);
    latest().emit('tasks', [task('t1', TASK_STATE.Done)]);

    const late = vi.fn();
    stream.subscribe('tasks', late);
    expect(late).toHaveBeenCalledTimes(1);
    expect(late.mock.calls[0]![0]).toEqual([task('t1', TASK_STATE.Done), task('t2')]);
    latest().emit('tasks', [task('t2', TASK_STATE.Done)]);
    expect(late).toHaveBeenLastCalledWith([task('t2', TASK_STATE.Done)]);
    // Other events are not replayed.
    const balance = vi.fn();
    latest().emit('balance', {});
    stream.subscribe('balance', balance);
    expect(balance).not.toHaveBeenCalled();
  });

  it('gives a late tasks subscriber an empty snapshot too (the server lists no tasks), not before one', () => {
    const { stream, latest } = setup();
    stream.start();
    const early = vi.fn();
    stream.subscribe('tasks', early);
    // No snapshot yet: nothing to replay.
    expect(early).not.toHaveBeenCalled();
    latest().emit('tasks', []);
    const late = vi.fn();
    stream.subscribe('tasks', late);
    expect(late).toHaveBeenCalledWith([]);
  });

  it('forgets the tasks on sign-out, and opens a new stream on the next sign-in', () => {
    const { stream, sources, latest } = setup();
    stream.start();
    latest().emit('tasks', [task('t1')]);
    stream.stop();
    expect(latest().closed).toBe(true);
    const late = vi.fn();
    stream.subscribe('tasks', late);
    expect(late).not.toHaveBeenCalled();
    stream.start();
    expect(sources).toHaveLength(2);
    expect(latest().closed).toBe(false);
  });

  it('closes while the tab is hidden and reopens when it is shown; never opens for a hidden tab', () => {
    const { stream, sources, page, open } = setup({ hidden: true });
    stream.start();
    expect(sources).toHaveLength(0);
    page.hidden = false;
    stream.resume();
    expect(open()).toHaveLength(1);
    page.hidden = true;
    stream.pause();
    expect(open()).toHaveLength(0);
    page.hidden = false;
    stream.resume();
    stream.resume();
    expect(open()).toHaveLength(1);
    expect(sources).toHaveLength(2);
  });

  it('does not open on resume when signed out', () => {
    const { stream, sources } = setup();
    stream.resume();
    expect(sources).toHaveLength(0);
  });

  it('reopens a stream the server ended after the retry delay, but leaves a reconnecting one to the browser', () => {
    const { stream, sources, timers, latest } = setup();
    stream.start();
    latest().fail(CONNECTING);
    expect(timers).toHaveLength(0);
    latest().fail(CLOSED);
    expect(timers).toHaveLength(1);
    expect(timers[0]!.ms).toBe(STREAM_RETRY_MS);
    expect(sources).toHaveLength(1);
    timers[0]!.run();
    expect(sources).toHaveLength(2);
    expect(latest().closed).toBe(false);
  });

  it('does not reopen after a sign-out while a retry was waiting', () => {
    const { stream, sources, timers, latest } = setup();
    stream.start();
    latest().fail(CLOSED);
    stream.stop();
    expect(timers[0]!.cleared).toBe(true);
    timers[0]!.run();
    expect(sources).toHaveLength(1);
  });

  it('closes for good on unauthorized, tells subscribers, and reopens only after a new sign-in', () => {
    const { stream, sources, latest } = setup();
    const unauthorized = vi.fn();
    const tasks = vi.fn();
    stream.subscribe('unauthorized', unauthorized);
    stream.subscribe('tasks', tasks);
    stream.start();
    const first = latest();
    first.emit('unauthorized', { code: 'token_invalid' });
    expect(unauthorized).toHaveBeenCalledWith({ code: 'token_invalid' });
    expect(first.closed).toBe(true);
    first.emit('tasks', [task('late')]);
    expect(tasks).not.toHaveBeenCalled();
    stream.resume();
    expect(sources).toHaveLength(1);
    stream.stop();
    stream.start();
    expect(sources).toHaveLength(2);
  });

  it('tells onReopen subscribers of each open after the first since sign-in, never of the first', () => {
    const { stream, timers, page, latest } = setup();
    const reopened = vi.fn();
    stream.onReopen(reopened);
    stream.start();
    latest().connect();
    latest().emit('tasks', [task('t1')]);
    expect(reopened).not.toHaveBeenCalled();

    // The server ended the stream with a retry hint: the browser reconnects the same EventSource.
    latest().fail(CONNECTING);
    expect(reopened).not.toHaveBeenCalled();
    latest().connect();
    expect(reopened).toHaveBeenCalledTimes(1);
    latest().emit('balance', {});
    latest().emit('tasks', [task('t1')]);
    expect(reopened).toHaveBeenCalledTimes(1);

    // An error answer: a new EventSource after the retry delay.
    latest().fail(CLOSED);
    timers.at(-1)!.run();
    latest().connect();
    expect(reopened).toHaveBeenCalledTimes(2);

    // Hidden, then shown again: signals were missed meanwhile too.
    page.hidden = true;
    stream.pause();
    page.hidden = false;
    stream.resume();
    latest().connect();
    expect(reopened).toHaveBeenCalledTimes(3);
  });

  it('counts the first open after a new sign-in as a first open, and ignores a replaced stream', () => {
    const { stream, sources, latest } = setup();
    const reopened = vi.fn();
    const unsubscribe = stream.onReopen(reopened);
    stream.start();
    latest().connect();
    stream.stop();
    stream.start();
    latest().connect();
    expect(reopened).not.toHaveBeenCalled();
    // A stream closed for now that still fires `open` is not the app's stream any more.
    stream.pause();
    sources[1]!.connect();
    expect(reopened).not.toHaveBeenCalled();
    stream.resume();
    unsubscribe();
    latest().connect();
    expect(reopened).not.toHaveBeenCalled();
  });
});

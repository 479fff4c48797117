/** The live feature's public face: what other features import from it. */
export type { LiveStreams, LiveTopic, TaskViewReader } from './stream.ts';

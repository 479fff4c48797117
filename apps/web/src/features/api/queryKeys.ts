/**
 * Root keys of queries that features other than their owner invalidate. They sit here, below every
 * feature, so that invalidating another feature's queries needs no import of that feature (and no cycle).
 */
/** The viewer's queries (image info, generation info): under it, per image uuid. */
export const IMAGE_QUERY_KEY = ['image'] as const;

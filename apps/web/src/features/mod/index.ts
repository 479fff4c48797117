/** The moderation console (/mod, docs/product/moderation-console.md): staff only, loaded with its route. */
import { STAFF_OPERATIONS } from '@mirage/contract/staff-operations';
import { addOperations } from '../api/index.ts';

// The console's calls are known to the API client from the moment its chunk loads, not in every
// visitor's first load.
addOperations(STAFF_OPERATIONS);

export { ModConsole } from './ModConsole.tsx';

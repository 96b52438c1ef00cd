import type { Operation } from './operation';
import { keyOperations } from './key-operations';

/** Every operation of the organiser API, by resource: the routes and the document are both built from this list. */
export const organiserApiOperations: readonly Operation[] = [...keyOperations];

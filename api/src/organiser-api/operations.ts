import type { Operation } from './operation';
import { keyOperations } from './key-operations';
import { catalogueOperations } from './catalogue/operations';
import { doorOperations } from '../door/operations';
import { webhookOperations } from './webhooks/operations';
import { orderOperations } from './orders/operations';
import { ticketOperations } from './tickets/operations';
import { onsaleOperations } from './onsales/operations';

/** Every operation of the organiser API, by resource: the routes and the document are both built from this list. */
export const organiserApiOperations: readonly Operation[] = [
  ...keyOperations,
  ...catalogueOperations,
  ...orderOperations,
  ...ticketOperations,
  ...doorOperations,
  ...webhookOperations,
  ...onsaleOperations,
];

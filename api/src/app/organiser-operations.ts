import type { Operation } from '../organiser-api/operation';
import { keyOperations } from '../organiser-api/key-operations';
import { catalogueOperations } from '../organiser-api/catalogue/operations';
import { doorOperations } from '../door/operations';
import { webhookOperations } from '../organiser-api/webhooks/operations';
import { orderOperations } from '../organiser-api/orders/operations';
import { ticketOperations } from '../organiser-api/tickets/operations';
import { onsaleOperations } from '../organiser-api/onsales/operations';

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

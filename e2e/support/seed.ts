import { SEED } from '../../api/src/seed/catalogue';

/** The seeded demo catalogue's ids (api/src/seed/catalogue.ts) and the words the pages show for them. */
export const seed = {
  standardTicket: {
    id: SEED.ticket.aquariumEarly,
    name: 'Entry 6pm (first evening)',
    event: 'Aquarium Late Nights',
    price: '£15.00',
  },
  onSaleTicket: { id: SEED.ticket.onSale, name: 'On-sale test' },
  ids: SEED,
} as const;

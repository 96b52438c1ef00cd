import type { BasketOrganiser, Checkout } from '@checkout/shared';
import type { Db } from '../db/schema';
import { guestMarketingChoices } from '../preferences/marketing';
import type { CheckoutSource } from './checkout-load';

type IdentityFields =
  | 'marketing_preferences'
  | 'init_guest_email'
  | 'init_guest_full_name'
  | 'has_require_phone_number'
  | 'require_delivery_address';

/** Who the buyer is and what the account step asks them: the prefilled guest, marketing choices, phone and address. */
export async function checkoutIdentity(
  db: Db,
  { sale, lines, context }: CheckoutSource,
): Promise<Pick<Checkout, IdentityFields>> {
  // A guest's marketing choices are kept for the email the sale was made with (preferences/marketing.ts).
  const guestChoices =
    !context.user && sale.email
      ? await guestMarketingChoices(
          db,
          sale.email,
          context.organisers.map((organiser) => organiser.id),
        )
      : null;
  const subscribed =
    guestChoices?.organisers ?? new Map(context.subscriptions.map((row) => [row.organiser_id, row.subscribed]));
  const basket_organisers: BasketOrganiser[] = context.organisers.map((organiser) => ({
    id: organiser.id,
    name: organiser.name,
    organiser_subscribed: subscribed.get(organiser.id) ?? false,
    marketing_signup_message: organiser.marketing_signup_message,
  }));
  return {
    has_require_phone_number: context.events.some((event) => event.require_phone_number),
    marketing_preferences: {
      ct_subscribed: guestChoices?.ct_subscribed ?? context.user?.subscribed ?? false,
      event_subscribed: guestChoices?.event_subscribed ?? context.user?.is_event_subscribed ?? false,
      basket_organisers,
    },
    init_guest_email: sale.email,
    init_guest_full_name: sale.full_name,
    require_delivery_address:
      context.events.some((event) => event.require_delivery_address) || lines.vouchers.length > 0,
  };
}

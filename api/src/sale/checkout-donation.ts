import type { Charity, Checkout } from '@checkout/shared';
import { toDecimal } from '../catalogue/money';
import type { CheckoutSource } from './checkout-load';

/** The donation on the sale and the charity it goes to (the basket's first organiser that has one). */
export function checkoutDonation({
  sale,
  context,
}: CheckoutSource): Pick<Checkout, 'donation' | 'donation_amount' | 'is_gift_aid' | 'charity'> {
  const charityOrganiser = context.organisers.find((organiser) => organiser.charity_id !== null);
  const charity: Charity | null =
    charityOrganiser?.charity_id != null && charityOrganiser.charity_name !== null
      ? {
          id: charityOrganiser.charity_id,
          name: charityOrganiser.charity_name,
          logo: charityOrganiser.charity_logo,
          description_html: charityOrganiser.charity_description_html ?? '',
          donation_checkout_title: charityOrganiser.charity_donation_checkout_title ?? '',
          donation_options: (charityOrganiser.charity_donation_options_minor ?? []).map(toDecimal),
          base_fee: toDecimal(charityOrganiser.charity_base_fee_minor ?? 0),
          booking_fee: (charityOrganiser.charity_booking_fee_bp ?? 0) / 100,
          booking_fee_includes_vat: charityOrganiser.charity_booking_fee_includes_vat ?? false,
          booking_fee_vat: (charityOrganiser.charity_booking_fee_vat_bp ?? 0) / 100,
          booking_fee_cap:
            charityOrganiser.charity_booking_fee_cap_minor === null
              ? null
              : toDecimal(charityOrganiser.charity_booking_fee_cap_minor ?? 0),
        }
      : null;

  const hasDonation = sale.donation_minor > 0;
  return {
    donation: hasDonation
      ? {
          amount_before_booking_fee: toDecimal(sale.donation_minor),
          booking_fee: toDecimal(sale.donation_fee_minor),
          is_gift_aid: sale.is_gift_aid,
        }
      : null,
    donation_amount: hasDonation ? toDecimal(sale.donation_minor + sale.donation_fee_minor) : null,
    is_gift_aid: sale.is_gift_aid,
    charity,
  };
}

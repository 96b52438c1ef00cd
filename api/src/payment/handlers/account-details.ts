import { isValidFullName, PHONE_PATTERN, splitFullName } from '@checkout/shared';
import * as commonMessages from '@checkout/shared/messages/common';
import * as sharedPaymentMessages from '@checkout/shared/messages/payment';
import { HttpError } from '../../http/errors';
import type { CallHandlers } from '../../http/route';
import { RESERVING } from '../../identity/checkout-sale';
import { findOrCreateAccount } from '../../identity/users';
import { setMarketingPreferences } from '../../preferences/marketing';
import { lockCurrentSale } from '../../session/current-sale';
import { assertUsableBillingAddress, saveBillingAddress } from '../billing';
import { paymentMessages } from '../messages';
import { isExpress } from '../sale-context';
import type { PaymentCallContext } from './context';

/** setAccountDetails: an express checkout's buyer (name, email, phone, billing address) given on the payment step. */
export function accountDetailsHandlers(ctx: PaymentCallContext): CallHandlers {
  const { db, clock } = ctx;
  return {
    setAccountDetails: async (input, { request }) => {
      const sale = await ctx.payable(request.session);
      if (!isExpress(sale.sale, sale.organisers)) throw new HttpError(409, paymentMessages.notExpress);
      const needsPhone = await db
        .selectFrom('sale_lines as l')
        .innerJoin('ticket_types as t', 't.id', 'l.ticket_type_id')
        .innerJoin('events as e', 'e.id', 't.event_id')
        .select('e.id')
        .where('l.sale_id', '=', sale.sale.id)
        .where('e.require_phone_number', '=', true)
        .executeTakeFirst();
      const errors: Record<string, string> = {};
      if (!isValidFullName(input.fullname)) errors.fullname = sharedPaymentMessages.expressFullNameRequired;
      if (needsPhone && !(input.contact_number && PHONE_PATTERN.test(input.contact_number)))
        errors.contact_number = sharedPaymentMessages.invalidPhone;
      const first = Object.values(errors)[0];
      if (first) throw new HttpError(400, first, errors);
      assertUsableBillingAddress(input.address);
      const names = splitFullName(input.fullname);
      const now = clock.now();
      const record = await db.transaction().execute(async (tx) => {
        const sessionRow = await request.session.lock(tx);
        const locked = await lockCurrentSale(tx, sessionRow);
        if (!locked || locked.id !== sale.sale.id)
          throw new HttpError(409, commonMessages.checkoutExpired, undefined, RESERVING);
        // Created or found with the same statements, and answered the same: nothing here tells whether the email had an
        // account. No proof of the email was given, so the session is not signed in to it, and the sale is the account's
        // only for a session already signed in to it (which proved the email by code). Otherwise the buyer stays this
        // sale's guest under the email given: the tickets go to that email, and the account's wallet, saved cards and
        // earlier orders open only after its one-time code.
        const account = await findOrCreateAccount(
          tx,
          {
            email: input.email,
            first_name: names.first_name,
            last_name: names.last_name,
            phone: input.contact_number || null,
            subscribed: input.ct_subscribed,
          },
          now,
        );
        const own = sessionRow.user_id !== null && sessionRow.user_id === account.id;
        await tx
          .updateTable('sales')
          .set({
            user_id: own ? account.id : null,
            email: own ? account.email : input.email.trim(),
            full_name: `${names.first_name} ${names.last_name}`,
            ...(input.contact_number ? { contact_number: input.contact_number } : {}),
            updated_at: now,
          })
          .where('id', '=', sale.sale.id)
          .execute();
        return saveBillingAddress(tx, sale.sale.id, input.address, names, now);
      });
      request.session.forget();
      await setMarketingPreferences(db, clock, request.session, {
        ct_subscribed: input.ct_subscribed,
        event_subscribed: false,
        organiser_subscribed_marketing: input.organiser_subscribed_marketing,
      });
      return record;
    },
  };
}

import type { Clock } from '../platform/clock';
import type { Db, DbOrTx } from '../db/schema';
import { HttpError } from '../http/errors';
import { normaliseEmail } from '../identity/one-time-codes';
import type { SessionHandle } from '../session/session';
import { currentSale } from '../session/current-sale';
import { basketOrganisers } from './basket-organisers';
import { preferencesMessages } from './messages';

/**
 * Marketing choices: the product newsletter (ct_subscribed), event news
 * (event_subscribed) and each basket organiser's list. A signed-in user's live on the user (users, organiser_subscriptions);
 * a guest's on the email the sale was made with (marketing_contacts), so the next sale with that email shows them.
 */
export interface MarketingChoices {
  ct_subscribed: boolean;
  event_subscribed: boolean;
  /** Organiser id -> subscribed. */
  organiser_subscribed_marketing: Record<string, boolean>;
}

async function saveGuestChoices(
  tx: DbOrTx,
  email: string,
  choices: MarketingChoices,
  organiserIds: number[],
  now: Date,
): Promise<void> {
  const address = normaliseEmail(email);
  await tx
    .insertInto('marketing_contacts')
    .values({
      email: address,
      ct_subscribed: choices.ct_subscribed,
      event_subscribed: choices.event_subscribed,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc.column('email').doUpdateSet({
        ct_subscribed: choices.ct_subscribed,
        event_subscribed: choices.event_subscribed,
        updated_at: now,
      }),
    )
    .execute();
  for (const id of organiserIds) {
    const subscribed = choices.organiser_subscribed_marketing[String(id)] ?? false;
    await tx
      .insertInto('marketing_contact_organisers')
      .values({ email: address, organiser_id: id, subscribed, updated_at: now })
      .onConflict((oc) => oc.columns(['email', 'organiser_id']).doUpdateSet({ subscribed, updated_at: now }))
      .execute();
  }
}

async function saveUserChoices(
  tx: DbOrTx,
  userId: number,
  choices: MarketingChoices,
  organiserIds: number[],
  now: Date,
): Promise<void> {
  await tx
    .updateTable('users')
    .set({ subscribed: choices.ct_subscribed, is_event_subscribed: choices.event_subscribed, updated_at: now })
    .where('id', '=', userId)
    .execute();
  for (const id of organiserIds) {
    const subscribed = choices.organiser_subscribed_marketing[String(id)] ?? false;
    await tx
      .insertInto('organiser_subscriptions')
      .values({ user_id: userId, organiser_id: id, subscribed, updated_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'organiser_id']).doUpdateSet({ subscribed, updated_at: now }))
      .execute();
  }
}

/**
 * set_marketing_preferences. Every basket organiser's choice is stored (one left out of the map is a 'no', as an
 * unticked box); an organiser with nothing in the basket is refused, so nobody is signed up to a list they never saw.
 */
export async function setMarketingPreferences(
  db: Db,
  clock: Clock,
  session: SessionHandle,
  choices: MarketingChoices,
): Promise<{ success: true }> {
  const now = clock.now();
  const [sessionRow, sale] = await Promise.all([session.load(), currentSale(db, session)]);
  const organiserIds = sale ? (await basketOrganisers(db, sale.id)).map((row) => row.id) : [];
  for (const key of Object.keys(choices.organiser_subscribed_marketing)) {
    const id = Number(key);
    if (!organiserIds.includes(id)) {
      const message = preferencesMessages.organiserNotInBasket(id);
      throw new HttpError(400, message, { organiser_subscribed_marketing: message });
    }
  }
  const userId = sessionRow?.user_id ?? null;
  const guestEmail = sale?.email ?? null;
  if (userId === null && guestEmail === null) throw new HttpError(409, preferencesMessages.nobodyToSubscribe);
  await db.transaction().execute(async (tx) => {
    if (userId !== null) await saveUserChoices(tx, userId, choices, organiserIds, now);
    else if (guestEmail !== null) await saveGuestChoices(tx, guestEmail, choices, organiserIds, now);
  });
  return { success: true };
}

export interface StoredChoices {
  ct_subscribed: boolean;
  event_subscribed: boolean;
  organisers: Map<number, boolean>;
}

/** A guest's stored choices for the checkout (marketing_preferences and basket_organisers), or null when none. */
export async function guestMarketingChoices(
  db: Db,
  email: string,
  organiserIds: readonly number[],
): Promise<StoredChoices | null> {
  const address = normaliseEmail(email);
  const [contact, organisers] = await Promise.all([
    db
      .selectFrom('marketing_contacts')
      .select(['ct_subscribed', 'event_subscribed'])
      .where('email', '=', address)
      .executeTakeFirst(),
    organiserIds.length
      ? db
          .selectFrom('marketing_contact_organisers')
          .select(['organiser_id', 'subscribed'])
          .where('email', '=', address)
          .where('organiser_id', 'in', [...organiserIds])
          .execute()
      : Promise.resolve([]),
  ]);
  if (!contact) return null;
  return {
    ct_subscribed: contact.ct_subscribed,
    event_subscribed: contact.event_subscribed,
    organisers: new Map(organisers.map((row) => [row.organiser_id, row.subscribed])),
  };
}

/**
 * The /mailing-list page: the email gets the product newsletter. Idempotent (a second sign-up changes nothing). The
 * address is not proved here, so only the newsletter flag is set; a signed-in user signing up their own address also
 * has it set on their account.
 */
export async function subscribeToNewsletter(
  db: Db,
  email: string,
  signedInUserId: number | null,
  now: Date,
): Promise<void> {
  const address = normaliseEmail(email);
  await db.transaction().execute(async (tx) => {
    await tx
      .insertInto('marketing_contacts')
      .values({ email: address, ct_subscribed: true, updated_at: now })
      .onConflict((oc) =>
        oc
          .column('email')
          .doUpdateSet({ ct_subscribed: true, updated_at: now })
          .where('marketing_contacts.ct_subscribed', '=', false),
      )
      .execute();
    if (signedInUserId !== null) {
      const user = await tx
        .selectFrom('users')
        .select(['id', 'email'])
        .where('id', '=', signedInUserId)
        .executeTakeFirst();
      if (user && normaliseEmail(user.email) === address) {
        await tx
          .updateTable('users')
          .set({ subscribed: true, updated_at: now })
          .where('id', '=', user.id)
          .where('subscribed', '=', false)
          .execute();
      }
    }
  });
}

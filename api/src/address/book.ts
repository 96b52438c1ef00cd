import type { SavedAddress } from '@checkout/shared';
import type { Clock } from '../platform/clock';
import type { Db, DbOrTx } from '../db/schema';
import { HttpError } from '../http/errors';
import type { SessionHandle } from '../session/session';
import { addressMessages } from './messages';
import { countryName } from './places';

/** One line for the saved-address list: '14 Marine Parade, Brighton, BN2 1TL, United Kingdom'. */
export function fullAddress(row: {
  address_1: string;
  address_2: string | null;
  town: string;
  postcode: string;
  state: string | null;
  country_code: number;
}): string {
  return [
    row.address_1,
    row.address_2,
    row.town,
    row.state ? `${row.state} ${row.postcode}` : row.postcode,
    countryName(row.country_code),
  ]
    .filter((part): part is string => !!part && part.trim().length > 0)
    .join(', ');
}

/** The signed-in user's own saved addresses (a guest has none), oldest first. */
export async function userAddresses(db: Db, session: SessionHandle): Promise<SavedAddress[]> {
  const userId = (await session.load())?.user_id ?? null;
  if (userId === null) return [];
  const rows = await db
    .selectFrom('user_addresses')
    .selectAll()
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    full_address: fullAddress(row),
  }));
}

/** A saved address of this user, or undefined (another user's, deleted, or none). */
export function ownAddress(db: DbOrTx, userId: number, addressId: number) {
  return db
    .selectFrom('user_addresses')
    .selectAll()
    .where('id', '=', addressId)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/**
 * delete_address: only the signed-in user's own address, in one conditional update. Anyone else's id (or a guest's
 * attempt) is refused as if it did not exist, so ids cannot be probed. Kept as a soft delete: a past order may still
 * point at it.
 */
export async function deleteAddress(
  db: Db,
  clock: Clock,
  session: SessionHandle,
  addressId: number,
): Promise<{ success: true }> {
  const userId = (await session.load())?.user_id ?? null;
  const deleted =
    userId === null
      ? undefined
      : await db
          .updateTable('user_addresses')
          .set({ deleted_at: clock.now() })
          .where('id', '=', addressId)
          .where('user_id', '=', userId)
          .where('deleted_at', 'is', null)
          .returning('id')
          .executeTakeFirst();
  if (!deleted)
    throw new HttpError(404, addressMessages.notYourAddress, { address_id: addressMessages.notYourAddress });
  return { success: true };
}

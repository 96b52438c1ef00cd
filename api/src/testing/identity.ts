import { calls, type FormValue } from '@checkout/shared';
import { SEED } from '../seed/catalogue';
import { paths, type TestApp } from './test-app';
import type { Visitor } from './visitor';

/** Paths of the account-step calls, for server tests. */
export const accountPaths = {
  sendCode: calls.sendOneTimeCode.path,
  checkCode: calls.checkOneTimeCode.path,
  saveGuest: calls.saveGuestToSale.path,
  logout: calls.logoutOfSale.path,
  marketing: calls.setMarketingPreferences.path,
  saveDonation: calls.saveDonation.path,
  updateDonation: calls.updateDonation.path,
  countries: calls.getAddressAllCountriesStates.path,
  userAddresses: calls.getUserAddresses.path,
  lookup: calls.lookupAddress.path,
  deleteAddress: calls.deleteAddress.path,
  setDeliveryAddress: calls.setDeliveryAddress.path,
} as const;

/** A visitor whose basket (the on-sale ticket unless told otherwise) is reserved: the state the account step starts in. */
export async function reservedVisitor(
  t: TestApp,
  lines: Record<string, FormValue>[] = [{ ticket_id: SEED.ticket.onSale, quantity: 1 }],
): Promise<Visitor> {
  const visitor = await t.visitor();
  for (const line of lines) {
    const added = await visitor.post(paths.addToBasket, line);
    if (added.statusCode !== 200) throw new Error(`add_to_basket failed: ${added.body}`);
  }
  const reserved = await visitor.post(paths.reserve);
  if (reserved.json().reserved !== true) throw new Error(`reserve failed: ${reserved.body}`);
  return visitor;
}

/** The newest one-time code sent to `email`, read from /dev/outbox.json as an end-to-end test would. */
export async function latestCode(t: TestApp, email: string): Promise<string> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/dev/outbox.json?to=${encodeURIComponent(email)}&kind=one_time_code&limit=1`,
  });
  const text: string | undefined = response.json().messages[0]?.text;
  const code = text?.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`No code in the outbox for ${email}`);
  return code;
}

/** Sends a code and checks it: the account step for `email`. Answers the check's response. */
export async function proveEmail(t: TestApp, visitor: Visitor, email: string) {
  const sent = await visitor.post(accountPaths.sendCode, { email });
  if (sent.statusCode !== 200) throw new Error(`send_one_time_code failed: ${sent.body}`);
  return visitor.post(accountPaths.checkCode, { email, code: await latestCode(t, email) });
}

/** A reserved visitor who went through the account step as a guest with this email and name. */
export async function guestVisitor(
  t: TestApp,
  email: string,
  fullname = 'Robin Guest',
  lines?: Record<string, FormValue>[],
): Promise<Visitor> {
  const visitor = await reservedVisitor(t, lines);
  const checked = await proveEmail(t, visitor, email);
  if (checked.json().has_account !== false) throw new Error(`expected no account for ${email}: ${checked.body}`);
  const saved = await visitor.post(accountPaths.saveGuest, { email, fullname });
  if (saved.statusCode !== 200) throw new Error(`save_guest_to_sale failed: ${saved.body}`);
  return visitor;
}

/** A reserved visitor signed in as the demo user (demo@example.com). */
export async function demoUserVisitor(t: TestApp, lines?: Record<string, FormValue>[]): Promise<Visitor> {
  const visitor = await reservedVisitor(t, lines);
  const checked = await proveEmail(t, visitor, 'demo@example.com');
  if (checked.json().has_account !== true) throw new Error(`sign-in failed: ${checked.body}`);
  return visitor;
}

/** Everything the account, marketing, donation and address calls could change, as text (for 'changes nothing'). */
export async function accountSnapshot(t: TestApp): Promise<string> {
  const db = t.db;
  const tables = await Promise.all([
    db.selectFrom('sales').selectAll().orderBy('id').execute(),
    db
      .selectFrom('sessions')
      .select(['id', 'token_hash', 'user_id', 'sale_id', 'verified_email', 'verified_at'])
      .orderBy('id')
      .execute(),
    db.selectFrom('users').selectAll().orderBy('id').execute(),
    db.selectFrom('user_addresses').selectAll().orderBy('id').execute(),
    db.selectFrom('organiser_subscriptions').selectAll().orderBy('user_id').orderBy('organiser_id').execute(),
    db.selectFrom('one_time_codes').selectAll().orderBy('email').execute(),
    db.selectFrom('marketing_contacts').selectAll().orderBy('email').execute(),
    db.selectFrom('marketing_contact_organisers').selectAll().orderBy('email').orderBy('organiser_id').execute(),
    db.selectFrom('gift_aid_declarations').selectAll().orderBy('sale_id').execute(),
    db.selectFrom('sale_delivery_addresses').selectAll().orderBy('sale_id').execute(),
    db.selectFrom('holds').selectAll().orderBy('id').execute(),
    db.selectFrom('outbox').selectAll().orderBy('id').execute(),
  ]);
  return JSON.stringify(tables);
}

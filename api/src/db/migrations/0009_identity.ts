/**
 * Identity and access. Plain SQL for PostgreSQL 15 and PGlite.
 * - A one-time code belongs to the session that asked for it (session_hash = the SHA-256 of its token, as in
 *   sessions.token_hash): only that session can check it, and a stranger's send or wrong guesses for the same email
 *   neither replace it nor use up its tries. One live code per email and session. Codes sent before this migration
 *   belong to no session and can no longer be checked (asking again sends a new one).
 * - A session is signed in only after proving its account's email by code. Express checkout used to sign a session in
 *   to an account it had just created for any email, with no proof; such sessions are signed out here (a signed-in
 *   session that proved its email has that email as verified_email).
 * - A ticket accepted by a transfer's recipient gets a new code, so the one the sender was emailed no longer admits;
 *   tickets transferred before this migration are given theirs here (the recipients were never emailed the old codes:
 *   the transfer email carries only the accept link). Codes are 20 base32 characters from gen_random_uuid's CSPRNG
 *   bytes (each byte modulo 32, uniform), like tickets/codes.ts's.
 */
export const statements: readonly string[] = [
  `ALTER TABLE one_time_codes ADD COLUMN session_hash text NOT NULL DEFAULT ''`,
  `ALTER TABLE one_time_codes DROP CONSTRAINT one_time_codes_pkey`,
  `ALTER TABLE one_time_codes ADD PRIMARY KEY (email, session_hash)`,
  `ALTER TABLE one_time_codes ALTER COLUMN session_hash DROP DEFAULT`,

  `UPDATE sessions SET user_id = NULL
    WHERE user_id IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = sessions.user_id AND lower(u.email) = sessions.verified_email)`,

  // The WHERE on the outer row makes the sub-select correlated, so it runs (and draws new bytes) for every ticket.
  `UPDATE tickets SET code = (
      SELECT string_agg(substr('ABCDEFGHIJKLMNOPQRSTUVWXYZ234567', get_byte(r.bytes, i) % 32 + 1, 1), '' ORDER BY i)
        FROM (SELECT uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid()) AS bytes) r,
             generate_series(0, 19) AS i
       WHERE tickets.id IS NOT NULL
    )
    WHERE id IN (
      SELECT tt.ticket_id FROM transfer_tickets tt JOIN ticket_transfers tr ON tr.id = tt.transfer_id WHERE tr.accepted_at IS NOT NULL
    )`,
];

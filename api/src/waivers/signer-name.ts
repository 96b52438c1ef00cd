import { WAIVER_NAME_MAX, waiverMessages } from './messages';

export type SignerName = { ok: true; name: string; key: string } | { ok: false; error: string };

/**
 * A party member's typed name, as stored: whitespace collapsed and trimmed; `key` folds case too, so the same person
 * signing again ('ana  LÓPEZ') is recognised. Names are buyer input: they are escaped wherever they are shown.
 */
export function signerName(raw: unknown): SignerName {
  if (typeof raw !== 'string') return { ok: false, error: waiverMessages.nameRequired };
  const name = raw.normalize('NFC').replace(/\s+/g, ' ').trim();
  if (name.length === 0) return { ok: false, error: waiverMessages.nameRequired };
  if ([...name].length > WAIVER_NAME_MAX) return { ok: false, error: waiverMessages.nameTooLong };
  // Control characters (NUL, escapes…) are never part of a name.
  if (/\p{Cc}/u.test(name)) return { ok: false, error: waiverMessages.nameUnreadable };
  return { ok: true, name, key: name.toLocaleLowerCase('en-GB') };
}

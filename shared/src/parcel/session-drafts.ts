/**
 * What a step keeps in this tab's sessionStorage across a reload: what the buyer typed but has not sent yet, or the
 * view they had open. It never outlives the tab. sessionStorage can be missing or refuse (privacy modes, a full
 * quota): then nothing is kept and a reload starts the step afresh, as it would without it.
 */

const PREFIX = 'checkout:draft:';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** The kept value under `key`, if `parse` accepts it (anything else is dropped). */
export function readDraft<T>(key: string, parse: (value: unknown) => T | null): T | null {
  try {
    const raw = storage()?.getItem(PREFIX + key) ?? null;
    return raw === null ? null : parse(JSON.parse(raw));
  } catch {
    return null;
  }
}

export function writeDraft(key: string, value: unknown): void {
  try {
    storage()?.setItem(PREFIX + key, JSON.stringify(value));
  } catch {
    // Not kept: a reload starts afresh.
  }
}

export function clearDraft(key: string): void {
  try {
    storage()?.removeItem(PREFIX + key);
  } catch {
    // Nothing was kept.
  }
}

/** A record of strings only (typed answers), or null. */
export function asStringRecord(value: unknown): Record<string, string> | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const entries = Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  return Object.fromEntries(entries);
}

/** Every step's kept drafts and views of this tab: the sale they belonged to was paid or ended. */
export function clearAllDrafts(): void {
  try {
    const kept = storage();
    if (!kept) return;
    const keys = Array.from({ length: kept.length }, (_, i) => kept.key(i)).filter(
      (key): key is string => key !== null && key.startsWith(PREFIX),
    );
    for (const key of keys) kept.removeItem(key);
  } catch {
    // Nothing to clear.
  }
}

import { baseURL, remoteOrigin, type stack } from './stack';

/**
 * Every script the checkout page may load, by where it comes from (the payment page loads only an inventoried
 * list of scripts). A script outside this list is a finding: a new third party, a remote served from somewhere else,
 * an injected tag. Stripe.js and hCaptcha are listed for when their keys are configured; the e2e stack runs the
 * offline sandboxes, so they must not load there.
 */
export interface InventoryEntry {
  name: string;
  pattern: RegExp;
  /** Loaded only when a provider is configured (never on the sandbox stack). */
  whenConfigured?: boolean;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const HASHED_CHUNK = '[A-Za-z0-9_.-]+\\.[0-9a-f]{10}\\.js';

/** One remote: its entry (no-cache, replaced on deploy) and its hashed chunks, from its own origin only. */
function remoteEntries(remote: keyof typeof stack.remotePorts): InventoryEntry[] {
  const origin = escape(remoteOrigin(remote));
  return [
    { name: `${remote} remoteEntry.js`, pattern: new RegExp(`^${origin}/remoteEntry\\.js(\\?.*)?$`) },
    { name: `${remote} chunks`, pattern: new RegExp(`^${origin}/${HASHED_CHUNK}$`) },
  ];
}

export const scriptInventory: readonly InventoryEntry[] = [
  // The shell: its entry, the Module Federation runtime and shared singletons (react, effector), lazy chunks.
  {
    name: 'shell bundles and federation runtime',
    pattern: new RegExp(`^${escape(baseURL)}/checkout/${HASHED_CHUNK}$`),
  },
  // The server-rendered checkout's after-paint loader (it starts the shell's scripts once the step has painted), served
  // by the api itself under a content-hashed name.
  {
    name: 'after-paint loader',
    pattern: new RegExp(`^${escape(baseURL)}/assets/after-paint\\.[0-9a-f]{10}\\.js$`),
  },
  // The sandbox Square-type script, served by the api itself.
  {
    name: 'square-type sandbox script',
    pattern: new RegExp(`^${escape(baseURL)}/ajax/checkout/checkout/javascript-square/(\\?.*)?$`),
  },
  ...remoteEntries('mf_basket'),
  ...remoteEntries('mf_account'),
  ...remoteEntries('mf_payment'),
  ...remoteEntries('mf_post_sale'),
  { name: 'Stripe.js', pattern: /^https:\/\/js\.stripe\.com\//, whenConfigured: true },
  { name: 'hCaptcha', pattern: /^https:\/\/([a-z0-9-]+\.)?hcaptcha\.com\//, whenConfigured: true },
];

/** The inventory entry a script URL belongs to, if any (configured providers excluded unless asked for). */
export function inventoryEntryOf(url: string, { providersConfigured = false } = {}): InventoryEntry | undefined {
  return scriptInventory.find((entry) => (providersConfigured || !entry.whenConfigured) && entry.pattern.test(url));
}

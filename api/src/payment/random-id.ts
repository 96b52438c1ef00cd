import { randomBytes } from 'node:crypto';

/** A provider-style id with 128 random bits ('pi_…', 'pm_…'): unguessable, so it can stand for the payment. */
export const randomId = (prefix: string) => `${prefix}_${randomBytes(16).toString('base64url').replace(/[-_]/g, 'x')}`;

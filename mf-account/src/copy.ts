/** Words several of the account steps show (each step's own are in its folder's copy.ts). */
export const sharedCopy = {
  /** While the buyer's account is read. */
  loading: 'Checking your account',
} as const;

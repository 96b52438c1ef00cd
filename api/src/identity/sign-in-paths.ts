/** Where the sign-in page and its forms live: the pages serve them, emails and other pages link to them. */
export const SIGNIN_PATHS = { page: '/signin/', verify: '/signin/verify', signOut: '/signin/sign-out' } as const;

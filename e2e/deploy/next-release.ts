/** The visible change of the basket remote's next release (basket-next-release.tsx), which the remote-swap test looks for. */
export const NEXT_RELEASE_MARKER = 'Basket remote, next release';

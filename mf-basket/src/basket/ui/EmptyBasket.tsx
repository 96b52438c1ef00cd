import type { User } from '@checkout/shared';

/** The empty basket: the prompt, Browse events, and the mailing list for guests and non-subscribers. */
export function EmptyBasket({ user }: { user: User | null }) {
  return (
    <div className="card stack basket-empty">
      <p className="basket-empty__prompt">Looking for something to put in your basket?</p>
      <p>
        <a className="btn btn--primary" href="/all-events/">
          Browse events
        </a>
      </p>
      {!user || !user.subscribed ? (
        <p>
          <a href="/mailing-list">Sign up for exclusive event news and discounts!</a>
        </p>
      ) : null}
    </div>
  );
}

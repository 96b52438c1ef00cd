import * as messages from '@checkout/shared/messages/basket';
import { AlertBox } from '@checkout/shared/ui';

/**
 * Companion tickets the basket still needs (the lines' required_tickets): the sentence, the titles, and for guests
 * a sign-in hint (a companion bought in an earlier order belongs to an account).
 */
export function RequiredTickets({ titles, guest }: { titles: readonly string[]; guest: boolean }) {
  if (titles.length === 0) return null;
  return (
    <AlertBox type="warning" className="required-tickets">
      <p>{messages.requiredTicketsMissing}</p>
      <ul>
        {titles.map((title) => (
          <li key={title}>{title}</li>
        ))}
      </ul>
      {guest ? (
        <p>
          <a href="/signin/">{messages.requiredTicketsSignInHint}</a>
        </p>
      ) : null}
    </AlertBox>
  );
}

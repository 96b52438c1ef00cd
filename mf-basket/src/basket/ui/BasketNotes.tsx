import { basketNotes } from '@checkout/shared';
import { AlertBox } from '@checkout/shared/ui';

type NotesInput = Parameters<typeof basketNotes>[0];

/**
 * The notes above the basket (spec sections 4, 5 and 8): the server's errors, the expiry warning after an expiry
 * reload, the currency notice and timeslot warnings as warnings (announced); successes as polite status notes.
 */
export function BasketNotes({ checkout, expired }: { checkout: NotesInput; expired: boolean }) {
  const notes = basketNotes(checkout, expired);
  if (notes.warnings.length === 0 && notes.successes.length === 0) return null;
  return (
    <div className="stack basket-notes">
      {notes.warnings.map((text) => (
        <AlertBox key={`w:${text}`} type="warning">
          {text}
        </AlertBox>
      ))}
      {notes.successes.map((text) => (
        <AlertBox key={`s:${text}`} type="success">
          {text}
        </AlertBox>
      ))}
    </div>
  );
}

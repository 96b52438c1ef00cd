import { useUnit } from 'effector-react';
import { basketNotes } from '@checkout/shared';
import { AlertBox } from '@checkout/shared/ui';
import { $codeReasonShown } from '../code';

type NotesInput = Parameters<typeof basketNotes>[0];

/**
 * The notes above the basket: the server's errors, the expiry warning after an expiry
 * reload, the currency notice and timeslot warnings as warnings (announced); successes as polite status notes. A
 * code's refusal the code box is showing is left to the code box.
 */
export function BasketNotes({ checkout, expired }: { checkout: NotesInput; expired: boolean }) {
  const shownByCode = useUnit($codeReasonShown);
  const notes = basketNotes(checkout, expired, shownByCode);
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

import type { KeyboardEvent } from 'react';
import type { AddressLookupResult } from '@checkout/shared';
import { Button } from '@checkout/shared/ui';
import { copy } from '../copy';
import { TextField } from '@checkout/shared/ui';

export interface AddressLookupProps {
  query: string;
  results: AddressLookupResult[] | null;
  canFind: boolean;
  looking: boolean;
  onQuery: (query: string) => void;
  onFind: () => void;
  onChoose: (result: AddressLookupResult) => void;
}

const describe = (r: AddressLookupResult) =>
  [r.formatted_address, r.address_line_2, r.town, r.post_code].filter(Boolean).join(', ');

/** Find an address (Find disabled under 3 characters); choosing a result fills the form below. */
export function AddressLookup({ query, results, canFind, looking, onQuery, onFind, onChoose }: AddressLookupProps) {
  // Enter in the search box finds, rather than submitting the whole address form.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (canFind) onFind();
  };
  return (
    <div className="stack">
      <div className="lookup">
        <TextField
          id="delivery-lookup"
          label={copy.lookupLabel}
          autoComplete="postal-code"
          required={false}
          value={query}
          onValue={onQuery}
          onKeyDown={onKeyDown}
        />
        <Button variant="secondary" onClick={() => onFind()} disabled={!canFind} loading={looking}>
          {copy.find}
        </Button>
      </div>
      <div aria-live="polite">
        {results === null ? null : results.length === 0 ? (
          <p>{copy.noResults}</p>
        ) : (
          <ul className="lookup-results" aria-label={copy.lookupResults}>
            {results.map((result) => (
              <li key={describe(result)}>
                <Button variant="secondary" onClick={() => onChoose(result)}>
                  <span className="sr-only">{copy.useAddress}: </span>
                  {describe(result)}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

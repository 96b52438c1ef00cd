import type { SavedAddress } from '@checkout/shared';
import { Button } from '@checkout/shared/ui';
import { copy } from '../copy';
import type { Selection } from '../model';

export interface SavedAddressesProps {
  addresses: SavedAddress[];
  selected: Selection | null;
  deleting: number | null;
  onSelect: (selection: Selection) => void;
  onDelete: (id: number) => void;
}

/** The buyer's saved addresses, each with Delete, and 'A new address' (spec: saved addresses list, 'new' form). */
export function SavedAddresses({ addresses, selected, deleting, onSelect, onDelete }: SavedAddressesProps) {
  return (
    <fieldset>
      <legend>{copy.savedLegend}</legend>
      <ul className="addresses">
        {addresses.map((address) => {
          const name = `${address.first_name} ${address.last_name}`.trim();
          const id = `delivery-saved-${address.id}`;
          return (
            <li key={address.id} className="address">
              <div className="check">
                <input
                  type="radio"
                  className="check__input"
                  id={id}
                  name="delivery-address"
                  checked={selected === address.id}
                  onChange={() => onSelect(address.id)}
                />
                <label htmlFor={id} className="check__label">
                  {`${name}, ${address.full_address}`}
                </label>
              </div>
              <Button
                variant="secondary"
                onClick={() => onDelete(address.id)}
                loading={deleting === address.id}
                aria-label={copy.deleteAddress(`${name}, ${address.full_address}`)}
              >
                {copy.delete}
              </Button>
            </li>
          );
        })}
        <li className="address">
          <div className="check">
            <input
              type="radio"
              className="check__input"
              id="delivery-saved-new"
              name="delivery-address"
              checked={selected === 'new'}
              onChange={() => onSelect('new')}
            />
            <label htmlFor="delivery-saved-new" className="check__label">
              {copy.newAddress}
            </label>
          </div>
        </li>
      </ul>
    </fieldset>
  );
}

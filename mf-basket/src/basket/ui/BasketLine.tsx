import type { ReactNode } from 'react';
import { AlertBox, Button, Price } from '@checkout/shared/ui';
import { QuantityInput } from './QuantityInput';

export interface BasketLineProps {
  /** Unique per line: ids of the input and the name heading are derived from it. */
  lineId: string;
  name: string;
  details: ReactNode;
  unitPrice: number;
  currencySymbol: string;
  qty: number;
  /** False for lines whose quantity the buyer cannot change (e.g. seated tickets): the quantity is shown as text. */
  canUpdateQuantity: boolean;
  max?: number;
  warning?: string;
  removing: boolean;
  /** A quantity typed, or null while the box holds none. */
  onQuantityChange: (requested: number | null) => void;
  onRemove: () => void;
}

/** One ticket or gift voucher: what it is, its unit price (FREE at 0 or less), quantity and remove action. */
export function BasketLine(props: BasketLineProps) {
  const nameId = `${props.lineId}-name`;
  return (
    <li className="basket-line">
      <div className="basket-line__what">
        <h3 id={nameId} className="basket-line__name">
          {props.name}
        </h3>
        {props.details}
      </div>
      <div className="basket-line__price">
        <Price amount={props.unitPrice} currencySymbol={props.currencySymbol} />
        <span className="sr-only"> each</span>
      </div>
      <div className="basket-line__qty">
        {props.canUpdateQuantity ? (
          <QuantityInput
            id={`${props.lineId}-qty`}
            label={`Quantity of ${props.name}`}
            value={props.qty}
            max={props.max}
            onChange={props.onQuantityChange}
          />
        ) : (
          <span>
            <span className="sr-only">Quantity </span>× {props.qty}
          </span>
        )}
      </div>
      <Button
        variant="link"
        className="basket-line__remove"
        loading={props.removing}
        aria-label={`Remove ${props.name}`}
        onClick={props.onRemove}
      >
        Remove
      </Button>
      {props.warning ? (
        <AlertBox type="warning" className="basket-line__warning">
          {props.warning}
        </AlertBox>
      ) : null}
    </li>
  );
}

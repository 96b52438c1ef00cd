import { useState } from 'react';
import { useUnit } from 'effector-react';
import { messages, type StepCommands } from '@checkout/shared';
import { Button, Modal } from '@checkout/shared/ui';
import { copy } from '../../copy';

/**
 * The order summary's 'Edit basket' link (express: 'Edit basket or add discount code') and its confirmation: editing
 * destroys the sale, so the buyer confirms first (spec 2 'Payment').
 */
export function EditBasketLink({ express, commands }: { express: boolean; commands: StepCommands }) {
  const [open, setOpen] = useState(false);
  const editBasket = useUnit(commands.editBasket);
  return (
    <>
      <Button variant="link" onClick={() => setOpen(true)}>
        {express ? copy.payment.expressEditBasket : copy.payment.editBasket}
      </Button>
      <Modal
        title={copy.payment.editBasketTitle}
        open={open}
        onClose={() => setOpen(false)}
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {copy.payment.editBasketCancel}
            </Button>
            <Button
              onClick={() => {
                setOpen(false);
                editBasket();
              }}
            >
              {copy.payment.editBasketConfirm}
            </Button>
          </>
        }
      >
        <p>{messages.editBasketWarning}</p>
      </Modal>
    </>
  );
}

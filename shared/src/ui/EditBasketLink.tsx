import { useState } from 'react';
import * as messages from '../messages/common';
import { Button } from './Button';
import { Modal } from './Modal';

/**
 * The order summary's 'Edit basket' link (express: 'Edit basket or add discount code') and its confirmation: editing
 * gives the reservation back, so the buyer confirms first.
 */
export function EditBasketLink({
  express,
  onConfirm,
  busy = false,
  keepsIdentity = false,
}: {
  express: boolean;
  onConfirm: () => void;
  busy?: boolean;
  /** The buyer is signed in or confirmed their email in this browser: editing keeps that, and the dialog says so. */
  keepsIdentity?: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="link" loading={busy} onClick={() => setOpen(true)}>
        {express ? messages.expressEditBasket : messages.editBasket}
      </Button>
      <Modal
        title={messages.editBasketTitle}
        open={open}
        onClose={() => setOpen(false)}
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {messages.editBasketCancel}
            </Button>
            <Button
              onClick={() => {
                setOpen(false);
                onConfirm();
              }}
            >
              {messages.editBasketConfirm}
            </Button>
          </>
        }
      >
        <p>{messages.editBasketWarning}</p>
        {keepsIdentity ? <p>{messages.editBasketKeepsIdentity}</p> : null}
      </Modal>
    </>
  );
}

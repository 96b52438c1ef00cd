import { createEvent, sample } from 'effector';
import { type CheckoutState } from '@checkout/shared';
import * as messages from '@checkout/shared/messages/shell';
import { destroySaleFx } from '../api/effects';
import { reloadCheckout } from '../checkout';
import { notify } from '../notifications';
import { goTo } from '../state';

/** 'Yes, I'm sure' on Edit basket: the reservation is given back and the buyer is on the basket again, lines and codes kept. */
export const editBasket = createEvent();

sample({ clock: editBasket, target: destroySaleFx });
sample({ clock: destroySaleFx.done, fn: (): CheckoutState => 'basket', target: goTo });
sample({ clock: destroySaleFx.done, target: reloadCheckout });
sample({
  clock: destroySaleFx.fail,
  fn: () => ({ type: 'error' as const, text: messages.editBasketFailed, group: 'edit-basket' }),
  target: notify,
});

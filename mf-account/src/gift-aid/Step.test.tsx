import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiFailure, failWith, sampleCheckout } from '@checkout/shared/testing';
import { type Charity } from '@checkout/shared';
import * as deliveryAddressMessages from '@checkout/shared/messages/delivery-address';
import * as giftAidMessages from '@checkout/shared/messages/gift-aid';
import { copy } from './copy';
import { renderStep } from '../testing-ui';
import { GiftAidStep } from './Step';

const charity = { id: 1, name: 'Harbour Lifeboat Trust' } as Charity;

const open = (amount: number, api: Parameters<typeof renderStep>[1]['api'] = {}) =>
  renderStep(GiftAidStep, {
    state: 'gift_aid',
    checkout: sampleCheckout({
      state: 'gift_aid',
      charity: {
        ...charity,
        logo: null,
        description_html: '',
        donation_checkout_title: '',
        donation_options: [],
        base_fee: 0,
        booking_fee: 0,
        booking_fee_includes_vat: false,
        booking_fee_vat: 0,
        booking_fee_cap: null,
      },
      donation: { amount_before_booking_fee: amount, booking_fee: 0.6, is_gift_aid: false },
      donation_amount: amount + 0.6,
    }),
    api,
  });

test('shows the 25 % uplift; opting in asks for the three confirmations and the residence', async () => {
  const user = userEvent.setup();
  open(20);
  expect(screen.getByRole('heading', { level: 1, name: 'Gift Aid' })).toBeInTheDocument();
  expect(
    await screen.findByText('Gift Aid turns your £20.00 donation into £25.00 at no extra cost to you.'),
  ).toBeInTheDocument();
  expect(screen.queryByRole('group', { name: copy.confirmLegend })).not.toBeInTheDocument();
  await user.click(screen.getByRole('checkbox', { name: copy.optIn }));
  expect(screen.getByRole('group', { name: copy.confirmLegend })).toBeInTheDocument();
  expect(screen.getByRole('checkbox', { name: copy.confirmTaxpayer })).toBeInTheDocument();
  expect(screen.getByRole('checkbox', { name: copy.confirmOwnMoney })).toBeInTheDocument();
  expect(screen.getByRole('checkbox', { name: copy.confirmNotGambling })).toBeInTheDocument();
  expect(screen.getByRole('radio', { name: copy.ukResident })).toBeChecked();
  expect(screen.getByRole('textbox', { name: copy.address1 })).toBeInTheDocument();
  expect(screen.getByRole('textbox', { name: copy.postcode })).toBeInTheDocument();
  await user.click(screen.getByRole('radio', { name: copy.overseas }));
  expect(screen.getByRole('textbox', { name: copy.overseasAddress })).toBeInTheDocument();
  expect(screen.queryByRole('textbox', { name: copy.postcode })).not.toBeInTheDocument();
  expect(
    screen.getByRole('checkbox', { name: "Keep me updated about Harbour Lifeboat Trust's work" }),
  ).toBeInTheDocument();
});

test('under 20 no address is asked for', async () => {
  const user = userEvent.setup();
  open(10);
  await user.click(await screen.findByRole('checkbox', { name: copy.optIn }));
  expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
});

test('missing confirmations and address are refused, focus on the first; complete, it saves and moves on', async () => {
  const user = userEvent.setup();
  const props = open(50);
  await user.click(await screen.findByRole('checkbox', { name: copy.optIn }));
  await user.click(screen.getByRole('checkbox', { name: copy.confirmTaxpayer }));
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  expect(await screen.findByText(copy.confirmAll)).toBeInTheDocument();
  expect(screen.getByRole('group', { name: copy.confirmLegend })).toHaveAccessibleDescription(copy.confirmAll);
  expect(screen.getByRole('checkbox', { name: copy.confirmTaxpayer })).toHaveFocus();
  const line1 = screen.getByRole('textbox', { name: copy.address1 });
  expect(line1).toHaveAccessibleDescription(deliveryAddressMessages.addressLine1Required('your'));
  expect(props.api.payloadsOf('updateDonation')).toEqual([]);

  await user.click(screen.getByRole('checkbox', { name: copy.confirmOwnMoney }));
  await user.click(screen.getByRole('checkbox', { name: copy.confirmNotGambling }));
  await user.type(line1, '14 Marine Parade');
  await user.type(screen.getByRole('textbox', { name: copy.postcode }), 'BN2 1TL');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await waitFor(() => expect(props.scope.getState(props.stores.$state)).toBe('login'));
  expect(props.api.payloadsOf('updateDonation')).toEqual([
    { is_gift_aid: true, subscribe: false, uk_based: true, address1: '14 Marine Parade', postcode: 'BN2 1TL' },
  ]);
});

test('a failed save: the toast and the inline message', async () => {
  const user = userEvent.setup();
  const props = open(10, { updateDonation: failWith(apiFailure('updateDonation')) });
  await user.click(await screen.findByRole('button', { name: 'Continue' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(giftAidMessages.giftAidStatusProblem);
  expect(props.notifications().map((n) => n.text)).toEqual([giftAidMessages.updateDonationFailed]);
});

import { depsOf } from '@checkout/shared/parcel';
import { type FormEvent } from 'react';
import { useUnit } from 'effector-react';
import { stateRequired, type AddressOwner, type Checkout, type StepProps, type User } from '@checkout/shared';
import * as messages from '@checkout/shared/messages/delivery-address';
import { AlertBox, Button, Spinner, useEffectWhen, useMountEffect } from '@checkout/shared/ui';
import { copy } from './copy';
import { sharedCopy } from '../copy';
import { useFocusOnArrival } from '@checkout/shared/ui';
import { focusFirstError } from '@checkout/shared/ui';
import { TextField } from '@checkout/shared/ui';
import {
  $canFind,
  $countries,
  $countryStates,
  $deleting,
  $errors,
  $form,
  $loading,
  $looking,
  $lookupQuery,
  $lookupResults,
  $refusals,
  $saved,
  $saving,
  $selected,
  $voucherFrom,
  $voucherTo,
  addressSelected,
  continueClicked,
  deleteClicked,
  deliveryShown,
  guestNameKnown,
  fieldChanged,
  findClicked,
  lookupQueryChanged,
  lookupResultChosen,
  voucherFromChanged,
  voucherToChanged,
} from './model';
import { AddressForm } from './ui/AddressForm';
import { AddressLookup } from './ui/AddressLookup';
import { SavedAddresses } from './ui/SavedAddresses';
import '../account.css';

/** The form's order, for focusing the first field in error. */
const ERROR_FIELDS = [
  ['address', 'delivery-saved-new'],
  ['first_name', 'delivery-first-name'],
  ['last_name', 'delivery-last-name'],
  ['address_1', 'delivery-address-1'],
  ['town', 'delivery-town'],
  ['postcode', 'delivery-postcode'],
  ['country', 'delivery-country'],
  ['state', 'delivery-state'],
  ['gift_voucher_from', 'delivery-voucher-from'],
  ['gift_voucher_to', 'delivery-voucher-to'],
] as const;

/**
 * Whose address it is (the messages say 'your' or 'the recipients'): a basket of gift vouchers alone is
 * posted to the person it is for; anything with tickets goes to the buyer.
 */
export function addressOwner(checkout: Pick<Checkout, 'tickets' | 'gift_vouchers'> | null): AddressOwner {
  return checkout && checkout.gift_vouchers.length > 0 && checkout.tickets.length === 0 ? 'the recipients' : 'your';
}

/** What the address is for: posted tickets, gift vouchers, or an order of both kinds. */
export function deliveryReason(
  checkout: Pick<Checkout, 'tickets' | 'gift_vouchers'> | null,
): 'tickets' | 'vouchers' | 'both' {
  const vouchers = (checkout?.gift_vouchers.length ?? 0) > 0;
  const tickets = (checkout?.tickets.length ?? 0) > 0;
  if (vouchers && tickets) return 'both';
  return vouchers ? 'vouchers' : 'tickets';
}

/** A new address: the lookup, then the form it fills. */
function NewAddress() {
  const m = useUnit({
    loading: $loading,
    form: $form,
    countries: $countries,
    states: $countryStates,
    errors: $errors,
    query: $lookupQuery,
    results: $lookupResults,
    canFind: $canFind,
    looking: $looking,
    fieldChanged,
    lookupQueryChanged,
    findClicked,
    lookupResultChosen,
  });
  return (
    <>
      <AddressLookup
        query={m.query}
        results={m.results}
        canFind={m.canFind}
        looking={m.looking}
        onQuery={m.lookupQueryChanged}
        onFind={m.findClicked}
        onChoose={m.lookupResultChosen}
      />
      {m.loading ? (
        <Spinner label={sharedCopy.loading} />
      ) : (
        <AddressForm
          form={m.form}
          errors={m.errors}
          countries={m.countries}
          states={m.states}
          needsState={stateRequired(m.form.country)}
          onChange={m.fieldChanged}
        />
      )}
    </>
  );
}

/** Who a posted gift voucher is from and to. */
function VoucherNames() {
  const m = useUnit({ errors: $errors, from: $voucherFrom, to: $voucherTo, voucherFromChanged, voucherToChanged });
  return (
    <fieldset>
      <legend>{copy.voucherLegend}</legend>
      <TextField
        id="delivery-voucher-from"
        label={copy.voucherFrom}
        autoComplete="name"
        value={m.from}
        onValue={m.voucherFromChanged}
        error={m.errors.gift_voucher_from}
      />
      <TextField
        id="delivery-voucher-to"
        label={copy.voucherTo}
        autoComplete="off"
        value={m.to}
        onValue={m.voucherToChanged}
        error={m.errors.gift_voucher_to}
      />
    </fieldset>
  );
}

/** Tells the model the step is shown, then the guest's name once the checkout has it; focus on a refusal's field. */
function useDeliveryModel(props: StepProps, checkout: Checkout | null, user: User | null, hasGiftVouchers: boolean) {
  const m = useUnit({ errors: $errors, refusals: $refusals, shown: deliveryShown, guestNameKnown });
  useMountEffect(() => {
    m.shown({
      deps: depsOf(props),
      user,
      hasGiftVouchers,
      owner: addressOwner(checkout),
      guestName: checkout?.init_guest_full_name ?? null,
    });
  });
  // The guest's name, once the checkout has it (it may be reloaded after this step is shown): never a recipient's.
  const guestName = checkout?.init_guest_full_name ?? null;
  useEffectWhen([guestName], () => {
    if (guestName && !user && addressOwner(checkout) === 'your') m.guestNameKnown(guestName);
  });
  useEffectWhen([m.refusals], () => {
    if (m.refusals > 0) focusFirstError(m.errors, ERROR_FIELDS);
  });
}

/** Delivery address (title Delivery Address). */
export function DeliveryAddressStep(props: StepProps) {
  const heading = useFocusOnArrival<HTMLHeadingElement>();
  const { checkout, user } = useUnit({ checkout: props.stores.$checkout, user: props.stores.$user });
  const m = useUnit({
    saved: $saved,
    selected: $selected,
    errors: $errors,
    refusals: $refusals,
    saving: $saving,
    deleting: $deleting,
    addressSelected,
    deleteClicked,
    continueClicked,
  });
  const hasGiftVouchers = (checkout?.gift_vouchers.length ?? 0) > 0;
  useDeliveryModel(props, checkout, user, hasGiftVouchers);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    m.continueClicked();
  };
  const refused = m.refusals > 0 && Object.values(m.errors).some(Boolean);

  return (
    <section className="card stack account delivery" aria-labelledby="delivery-title">
      <h1 id="delivery-title" ref={heading} tabIndex={-1} className="step-heading">
        {copy.title}
      </h1>
      <p className="muted">{copy.why(deliveryReason(checkout))}</p>
      {m.selected === null ? (
        <Spinner label={sharedCopy.loading} />
      ) : (
        <form className="stack" noValidate onSubmit={submit}>
          {refused ? <AlertBox type="error">{messages.completeAddress}</AlertBox> : null}
          {m.saved.length > 0 ? (
            <SavedAddresses
              addresses={m.saved}
              selected={m.selected}
              deleting={m.deleting}
              onSelect={m.addressSelected}
              onDelete={m.deleteClicked}
            />
          ) : null}
          {m.selected === 'new' ? <NewAddress /> : null}
          {hasGiftVouchers ? <VoucherNames /> : null}
          <div className="actions">
            <Button data-primary-action="" type="submit" loading={m.saving}>
              {copy.continue}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}

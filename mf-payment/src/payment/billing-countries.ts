import { attach, combine, createStore, sample } from 'effector';
import { COUNTRY, defaultBillingCountry, type Country } from '@checkout/shared';
import { $deps, apiOf } from '@checkout/shared/parcel';
import { $context, paymentShown } from './model';

/**
 * The countries the billing forms offer (the sandbox card form and the square-type form; Stripe Elements asks its
 * own). Loaded with the payment step; a failed load still offers the UK and the USA.
 */
export const FALLBACK_BILLING_COUNTRIES: Country[] = [
  { id: COUNTRY.UK, name: 'United Kingdom', code: 'GB' },
  { id: COUNTRY.USA, name: 'United States', code: 'US' },
];
/** The form's first choice when nothing points elsewhere: the UK. */
export const DEFAULT_BILLING_COUNTRY = String(COUNTRY.UK);

export const loadBillingCountriesFx = attach({
  source: $deps,
  effect: async (deps): Promise<Country[]> => {
    try {
      const { countries } = await apiOf(deps).getAddressAllCountriesStates({});
      return countries.length > 0 ? countries : FALLBACK_BILLING_COUNTRIES;
    } catch {
      return FALLBACK_BILLING_COUNTRIES;
    }
  },
});

export const $billingCountries = createStore<Country[]>(FALLBACK_BILLING_COUNTRIES, { serialize: 'ignore' });
$billingCountries.on(loadBillingCountriesFx.doneData, (_, countries) => countries);
sample({ clock: paymentShown, filter: ({ context }) => context.basketTotal > 0, target: loadBillingCountriesFx });

/**
 * The country the billing forms start on (shared rule defaultBillingCountry): where the sale points (its delivery
 * address, the buyer's saved address, the basket's currency), else the browser's language region, else the UK.
 */
export const $defaultBillingCountry = combine($context, $billingCountries, (context, countries) =>
  String(defaultBillingCountry(context?.billingCountry, context?.browserLanguage, countries)),
);

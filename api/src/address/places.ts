import { COUNTRY, type Country, type CountryState } from '@checkout/shared';
import { COUNTRY_ROWS } from './countries';
import { US_STATE_ROWS } from './us-states';

/** Countries and US states as the page lists them (get_address_all_countries_states), built once. */
export const COUNTRIES: readonly Country[] = COUNTRY_ROWS.map(([id, code, name]) => ({ id, name, code }));
export const US_STATES: readonly CountryState[] = US_STATE_ROWS.map(([id, , name]) => ({
  id,
  name,
  country_id: COUNTRY.USA,
}));

const countryNames = new Map(COUNTRY_ROWS.map(([id, , name]) => [id, name]));
const stateCodes = new Map(US_STATE_ROWS.map(([id, code]) => [id, code]));

export function countryName(id: number): string | undefined {
  return countryNames.get(id);
}

/** The USPS code saved addresses keep for a state number (33 -> 'NY'). */
export function usStateCode(id: number): string | undefined {
  return stateCodes.get(id);
}

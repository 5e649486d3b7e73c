import { DEFAULT_STORE_TIME_ZONE, type StoreTimeZone } from './dates.ts';

/**
 * Canada's 13 provinces and territories by their 2-letter codes (shipping goes only to Canada),
 * each with the time zone most of its people live in: a store's zone until its owner picks another.
 */
export const CANADIAN_PROVINCES = [
  { code: 'AB', name: 'Alberta', timeZone: 'America/Edmonton' },
  { code: 'BC', name: 'British Columbia', timeZone: 'America/Vancouver' },
  { code: 'MB', name: 'Manitoba', timeZone: 'America/Winnipeg' },
  { code: 'NB', name: 'New Brunswick', timeZone: 'America/Halifax' },
  { code: 'NL', name: 'Newfoundland and Labrador', timeZone: 'America/St_Johns' },
  { code: 'NS', name: 'Nova Scotia', timeZone: 'America/Halifax' },
  { code: 'NT', name: 'Northwest Territories', timeZone: 'America/Edmonton' },
  { code: 'NU', name: 'Nunavut', timeZone: 'America/Toronto' },
  { code: 'ON', name: 'Ontario', timeZone: 'America/Toronto' },
  { code: 'PE', name: 'Prince Edward Island', timeZone: 'America/Halifax' },
  { code: 'QC', name: 'Quebec', timeZone: 'America/Toronto' },
  { code: 'SK', name: 'Saskatchewan', timeZone: 'America/Regina' },
  { code: 'YT', name: 'Yukon', timeZone: 'America/Whitehorse' },
] as const satisfies readonly { code: string; name: string; timeZone: StoreTimeZone }[];

export type ProvinceCode = (typeof CANADIAN_PROVINCES)[number]['code'];

/** The time zone of a province (its main one); the default store's for a code that is none. */
export function provinceTimeZone(province: string): StoreTimeZone {
  return CANADIAN_PROVINCES.find((entry) => entry.code === province)?.timeZone ?? DEFAULT_STORE_TIME_ZONE;
}

/**
 * The store's time zone once its province changes: it moves with the province when it was the old
 * province's own zone, and stays when the owner chose another one.
 */
export function timeZoneAfterMove(timeZone: string, fromProvince: string, toProvince: string): string {
  return timeZone === provinceTimeZone(fromProvince) ? provinceTimeZone(toProvince) : timeZone;
}

import { z } from 'zod';
import { testSiteSchema } from './public-content-schemas.ts';
import { text } from './text.ts';
import { integerColumnId } from './integer-column.ts';

/**
 * The staff console's content section, continued (issue 12 section 6; decision 061): the winners
 * of the public winners pages and the test sites. One schema per call serves the console's forms
 * and the server; every message is in SITE_CONTENT_TEXTS.
 */

export const SITE_CONTENT_TEXTS = {
  unreadable: 'Remove the characters that cannot be stored.',
  winnerTypeRequired: 'Choose the giveaway the winner won.',
  winnerRequired: 'Enter the winner’s name as the public page shows it.',
  winnerTooLong: 'Keep the name under 100 characters.',
  winnerTimeRequired: 'Enter the period label, such as “March” or “Q1”.',
  winnerTimeTooLong: 'Keep the period label under 40 characters.',
  periodStartRequired: 'Enter the first day of the period.',
  periodStartInvalid: 'Enter the first day of the period as a real date (YYYY-MM-DD) after 1999.',
  winnerAdded: 'Winner added.',
  winnerSaved: 'Winner saved.',
  winnerRemoved: 'Winner removed.',
  winnerDuplicate: 'This winner is already listed for that giveaway and period.',
  winnerNotFound: 'This winner no longer exists. Reload the list.',
  winnerChanged: 'This winner was changed by someone else since you opened it. Reload it to see their change, then edit again.',
  nameRequired: 'Enter the site’s name.',
  cityRequired: 'Enter the city.',
  addressRequired: 'Enter the street address.',
  phoneRequired: 'Enter the phone number.',
  phoneInvalid: 'Enter a phone number of digits, spaces and ( ) + - only.',
  faxInvalid: 'Enter a fax number of digits, spaces and ( ) + - only, or leave it empty.',
  tollFreeInvalid: 'Enter a toll-free number of digits, spaces and ( ) + - only, or leave it empty.',
  fieldTooLong: 'Keep this under 200 characters.',
  timeZoneInvalid: 'Choose the site’s time zone, such as America/Chicago.',
  airportRequired: 'Enter the airport’s name.',
  directionsRequired: 'Enter the directions from this airport.',
  directionsTooLong: 'Keep the directions under 2,000 characters.',
  tooManyAirports: 'List at most 6 airports.',
  siteAdded: 'Test site added.',
  siteSaved: 'Test site saved.',
  siteNotFound: 'This test site no longer exists. Reload the list.',
  siteChanged: 'This test site was changed by someone else since you opened it. Reload it to see their change, then edit again.',
} as const;

/** The giveaways a winner can belong to, as the winners table names them (WINNER_TYPES, plus the $100 online prize). */
export const WINNER_KINDS = [
  { value: 'Online25', label: 'Online screener, $25 gift card' },
  { value: 'Online100', label: 'Online screener, $100 gift card' },
  { value: 'NewTester', label: 'New tester drawing' },
  { value: 'Facebook', label: 'Social giveaway' },
] as const;
const WINNER_KIND_VALUES = WINNER_KINDS.map((kind) => kind.value) as [string, ...string[]];

const id = integerColumnId();
/** The revision the editor opened: a save against any other is refused as "changed since you opened it". */
const revision = integerColumnId();

const required = (empty: string, max: number, tooLong: string) =>
  text(SITE_CONTENT_TEXTS.unreadable, { error: empty }).trim().min(1, empty).max(max, tooLong);

/** A calendar date YYYY-MM-DD that exists (no 31 April), from 2000 on. */
const calendarDate = text(SITE_CONTENT_TEXTS.unreadable, { error: SITE_CONTENT_TEXTS.periodStartRequired })
  .trim()
  .min(1, SITE_CONTENT_TEXTS.periodStartRequired)
  .refine((value) => {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    if (!match) return false;
    const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
    const date = new Date(Date.UTC(year, month - 1, day));
    return year >= 2000 && year <= 2999 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  }, SITE_CONTENT_TEXTS.periodStartInvalid);

export const staffWinnerSchema = z.object({
  id: z.number().int(),
  winnerTypeDesc: z.string(),
  periodStart: z.string(),
  winnerTime: z.string(),
  winner: z.string(),
  hidden: z.boolean(),
  revision: z.number().int(),
});
export type StaffWinner = z.infer<typeof staffWinnerSchema>;

/** GET /staff/content/Winners: every winner, hidden ones too, newest period first. */
export const staffWinnersResponseSchema = z.object({ status: z.literal('succeed'), winners: z.array(staffWinnerSchema) });
export type StaffWinnersResponse = z.infer<typeof staffWinnersResponseSchema>;

/** The fields staff edit: giveaway, period (first day and label), the name shown, and whether it is hidden. */
export const winnerFieldsSchema = z.object({
  winnerTypeDesc: z.enum(WINNER_KIND_VALUES, { error: SITE_CONTENT_TEXTS.winnerTypeRequired }),
  periodStart: calendarDate,
  winnerTime: required(SITE_CONTENT_TEXTS.winnerTimeRequired, 40, SITE_CONTENT_TEXTS.winnerTimeTooLong),
  winner: required(SITE_CONTENT_TEXTS.winnerRequired, 100, SITE_CONTENT_TEXTS.winnerTooLong),
  hidden: z.boolean().default(false),
});
export type WinnerFields = z.input<typeof winnerFieldsSchema>;

/** POST /staff/content/AddWinner. */
export const addWinnerSchema = winnerFieldsSchema;
export type AddWinnerPayload = z.infer<typeof addWinnerSchema>;

/** POST /staff/content/EditWinner: the fields as saved, against the revision the editor opened. */
export const editWinnerSchema = winnerFieldsSchema.extend({ id, revision });
export type EditWinnerPayload = z.infer<typeof editWinnerSchema>;

/** POST /staff/content/RemoveWinner: the row deleted (a mistaken entry), against the revision shown. */
export const removeWinnerSchema = z.object({ id, revision });
export type RemoveWinnerPayload = z.infer<typeof removeWinnerSchema>;

export const winnerChangeResponseSchema = z.object({
  status: z.enum(['succeed', 'failed']),
  message: z.string(),
  /** The winner as it now is (add and edit), so the editor carries its new revision. */
  winner: staffWinnerSchema.optional(),
});
export type WinnerChangeResponse = z.infer<typeof winnerChangeResponseSchema>;

/** The time zones a new site may have (the company's sites are in the United States). */
export const SITE_TIME_ZONES = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'Pacific/Honolulu',
] as const;

const PHONE = /^[\d\s()+\-.]*$/;
const phone = (empty: string | null, invalid: string) => {
  const base = text(SITE_CONTENT_TEXTS.unreadable, { error: empty ?? invalid })
    .trim()
    .max(40, invalid)
    .regex(PHONE, invalid);
  return empty ? base.min(1, empty) : base;
};

const airportSchema = z.object({
  airport: required(SITE_CONTENT_TEXTS.airportRequired, 200, SITE_CONTENT_TEXTS.fieldTooLong),
  directions: required(SITE_CONTENT_TEXTS.directionsRequired, 2000, SITE_CONTENT_TEXTS.directionsTooLong),
});

/** The public fields of a site, the ones content staff edit; not its id, time zone or map code (decision 061). */
export const siteFieldsSchema = z.object({
  name: required(SITE_CONTENT_TEXTS.nameRequired, 200, SITE_CONTENT_TEXTS.fieldTooLong),
  city: required(SITE_CONTENT_TEXTS.cityRequired, 200, SITE_CONTENT_TEXTS.fieldTooLong),
  address: required(SITE_CONTENT_TEXTS.addressRequired, 200, SITE_CONTENT_TEXTS.fieldTooLong),
  phone: phone(SITE_CONTENT_TEXTS.phoneRequired, SITE_CONTENT_TEXTS.phoneInvalid),
  fax: phone(null, SITE_CONTENT_TEXTS.faxInvalid),
  tollFree: phone(null, SITE_CONTENT_TEXTS.tollFreeInvalid),
  airportDirections: z.array(airportSchema).max(6, SITE_CONTENT_TEXTS.tooManyAirports),
});
export type SiteFields = z.input<typeof siteFieldsSchema>;

/** A site as the public calls give it, with the revision an edit must carry. */
export const staffTestSiteSchema = testSiteSchema.extend({ mapCode: z.string().nullable(), revision: z.number().int() });
export type StaffTestSite = z.infer<typeof staffTestSiteSchema>;

/** GET /staff/content/TestSites: every site in the public order. */
export const staffTestSitesResponseSchema = z.object({ status: z.literal('succeed'), sites: z.array(staffTestSiteSchema) });
export type StaffTestSitesResponse = z.infer<typeof staffTestSitesResponseSchema>;

/** POST /staff/content/AddTestSite: a new site; its id is the next free number, its time zone is fixed from here on. */
export const addTestSiteSchema = siteFieldsSchema.extend({
  timeZone: z.enum(SITE_TIME_ZONES, { error: SITE_CONTENT_TEXTS.timeZoneInvalid }),
});
export type AddTestSitePayload = z.infer<typeof addTestSiteSchema>;

/** POST /staff/content/EditTestSite: the public fields as saved, against the revision the editor opened. */
export const editTestSiteSchema = siteFieldsSchema.extend({
  siteId: text(SITE_CONTENT_TEXTS.siteNotFound).regex(/^\d{5}$/, SITE_CONTENT_TEXTS.siteNotFound),
  revision,
});
export type EditTestSitePayload = z.infer<typeof editTestSiteSchema>;

export const siteChangeResponseSchema = z.object({
  status: z.enum(['succeed', 'failed']),
  message: z.string(),
  site: staffTestSiteSchema.optional(),
});
export type SiteChangeResponse = z.infer<typeof siteChangeResponseSchema>;

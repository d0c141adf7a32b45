import { z } from 'zod';
import { isPortalPath } from './callout-schemas.ts';
import { text } from './text.ts';
import { integerColumnId } from './integer-column.ts';

/**
 * The staff console's call-outs (issue 12 section 6; decision 063): the announcements of the
 * portal's call-out popup, listed, added, edited and switched off by content staff. One schema per
 * call serves the console's form and the server; every message is in CALLOUT_ADMIN_TEXTS.
 */

export const CALLOUT_ADMIN_TEXTS = {
  unreadable: 'Remove the characters that cannot be stored.',
  titleRequired: 'Enter the call-out’s title.',
  titleTooLong: 'Keep the title under 120 characters.',
  descriptionRequired: 'Enter the text testers read.',
  descriptionTooLong: 'Keep the text under 1,000 characters.',
  coinsInvalid: 'Enter the bonus coins as a whole number from 0 to 100,000 (0 for none).',
  screenerInvalid: 'Enter a portal address starting with /community/main/, such as /community/main/screener, or leave it empty.',
  startRequired: 'Enter when the call-out starts showing.',
  endRequired: 'Enter when the call-out stops showing.',
  endBeforeStart: 'The end must come after the start.',
  added: 'Call-out added.',
  saved: 'Call-out saved.',
  notFound: 'This call-out no longer exists. Reload the list.',
  changed: 'This call-out was changed by someone else since you opened it. Reload it to see their change, then edit again.',
} as const;
const T = CALLOUT_ADMIN_TEXTS;

export const CALLOUT_LIMITS = { title: 120, description: 1000, coins: 100_000 } as const;

const id = integerColumnId();
/** The revision the editor opened: a save against any other is refused as "changed since you opened it". */
const revision = integerColumnId();

/** An instant as ISO 8601 from 2000 to 2999; one with no zone is read on the company's clock by the server (decision 139). */
const instant = (empty: string) =>
  text(T.unreadable, { error: empty })
    .trim()
    .min(1, empty)
    .refine((value) => {
      const time = Date.parse(value);
      return !Number.isNaN(time) && time >= Date.UTC(2000, 0, 1) && time < Date.UTC(3000, 0, 1);
    }, empty);

/** The fields staff edit: the text, the bonus coins, the portal page it points to, its window and whether it shows at all. */
export const calloutFieldsSchema = z
  .object({
    title: text(T.unreadable, { error: T.titleRequired }).trim().min(1, T.titleRequired).max(CALLOUT_LIMITS.title, T.titleTooLong),
    description: text(T.unreadable, { error: T.descriptionRequired })
      .trim()
      .min(1, T.descriptionRequired)
      .max(CALLOUT_LIMITS.description, T.descriptionTooLong),
    pkCoins: z.number({ error: T.coinsInvalid }).int(T.coinsInvalid).min(0, T.coinsInvalid).max(CALLOUT_LIMITS.coins, T.coinsInvalid),
    screener: text(T.unreadable, { error: T.screenerInvalid })
      .trim()
      .max(200, T.screenerInvalid)
      .refine((value) => value === '' || isPortalPath(value), T.screenerInvalid),
    active: z.boolean().default(true),
    startTimeStamp: instant(T.startRequired),
    endTimeStamp: instant(T.endRequired),
  })
  .refine((fields) => Date.parse(fields.endTimeStamp) > Date.parse(fields.startTimeStamp), {
    path: ['endTimeStamp'],
    message: T.endBeforeStart,
  });
export type CalloutFields = z.input<typeof calloutFieldsSchema>;

/** POST /staff/content/AddCallout: a new call-out; its key (the dismissal cookie's name) is made by the server. */
export const addCalloutSchema = calloutFieldsSchema;
export type AddCalloutPayload = z.infer<typeof addCalloutSchema>;

/** POST /staff/content/EditCallout: the fields as saved (switching it off too), against the revision the editor opened. */
export const editCalloutSchema = calloutFieldsSchema.and(z.object({ id, revision }));
export type EditCalloutPayload = z.infer<typeof editCalloutSchema>;

export const staffCalloutSchema = z.object({
  id: z.number().int(),
  rKey: z.string(),
  title: z.string(),
  description: z.string(),
  pkCoins: z.number().int(),
  screener: z.string(),
  active: z.boolean(),
  startTimeStamp: z.string(),
  endTimeStamp: z.string(),
  revision: z.number().int(),
});
export type StaffCallout = z.infer<typeof staffCalloutSchema>;

/** GET /staff/content/Callouts: every call-out, switched-off, ended and future ones too, latest start first. */
export const staffCalloutsResponseSchema = z.object({ status: z.literal('succeed'), callouts: z.array(staffCalloutSchema) });
export type StaffCalloutsResponse = z.infer<typeof staffCalloutsResponseSchema>;

export const calloutChangeResponseSchema = z.object({
  status: z.enum(['succeed', 'failed']),
  message: z.string(),
  /** The call-out as it now is, so the editor carries its new revision. */
  callout: staffCalloutSchema.optional(),
});
export type CalloutChangeResponse = z.infer<typeof calloutChangeResponseSchema>;

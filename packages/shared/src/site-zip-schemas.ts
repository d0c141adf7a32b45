import { z } from 'zod';
import { MAP_CODES } from './public-content.ts';
import { text } from './text.ts';
import { integerColumnId } from './integer-column.ts';

/**
 * Test sites made complete for content staff (issue 12 section 6; decision 069): the ZIP prefixes
 * registration assigns a site from, the maps page a site answers, the sites' order on the public
 * pages, and removing a site nothing refers to. One schema per call serves the console's forms and
 * the server; every message is in SITE_ZIP_TEXTS.
 */

/** Registration assigns a site from the ZIP code's first three digits (decision 007). */
export const ZIP_PREFIX_LENGTH = 3;

export const SITE_ZIP_TEXTS = {
  prefixInvalid: `Enter the first ${ZIP_PREFIX_LENGTH} digits of the ZIP codes, such as 787.`,
  siteInvalid: 'Choose a test site from the list.',
  prefixAdded: 'ZIP prefix added.',
  prefixRemoved: 'ZIP prefix removed.',
  prefixHeld: (prefix: string, holder: string) => `ZIP prefix ${prefix} already belongs to ${holder}. Remove it there first.`,
  prefixNotHeld: (prefix: string) => `ZIP prefix ${prefix} is not this site’s any more. Reload the list.`,
  mailOnlyArea: (siteId: string) => `the mail-only area (${siteId})`,
  mapCodeInvalid: `Choose one of the maps pages (${MAP_CODES.join(', ')}) or none.`,
  mapCodeHeld: (mapCode: string, holder: string) => `The maps page ${mapCode} already shows ${holder}. Take it off there first.`,
  mapCodeSaved: 'Maps page saved.',
  moveInvalid: 'Choose up or down.',
  moved: 'Order saved.',
  moveAtEdge: 'This site is already at that end of the list.',
  removed: 'Test site removed.',
  removeRefused: (site: string, references: string) =>
    `${site} cannot be removed: ${references}. To retire it, remove its ZIP prefixes and take its maps page off.`,
  siteNotFound: 'This test site no longer exists. Reload the list.',
  siteChanged: 'This test site was changed by someone else since you opened it. Reload it to see their change, then try again.',
} as const;

/** What still refers to a site; a site is removed only when every count is 0. */
export const SITE_REFERENCE_LABELS = {
  testers: ['tester assigned', 'testers assigned'],
  studies: ['study', 'studies'],
  sessionGroups: ['session group', 'session groups'],
  bookings: ['booking', 'bookings'],
  staff: ['staff member working there', 'staff members working there'],
} as const;
export type SiteReferences = Record<keyof typeof SITE_REFERENCE_LABELS, number>;

/**
 * "3 testers assigned, 1 session group, 1 staff member working there (Sam Lee)": the references
 * that are not 0, in the labels' order; the staff by name, so that content staff know whose
 * account an admin must change first.
 */
export function describeReferences(references: SiteReferences, staffNames: readonly string[] = []): string {
  return (Object.keys(SITE_REFERENCE_LABELS) as (keyof SiteReferences)[])
    .filter((key) => references[key] > 0)
    .map((key) => {
      const counted = `${references[key]} ${SITE_REFERENCE_LABELS[key][references[key] === 1 ? 0 : 1]}`;
      return key === 'staff' && staffNames.length > 0 ? `${counted} (${staffNames.join(', ')})` : counted;
    })
    .join(', ');
}

const siteId = text(SITE_ZIP_TEXTS.siteInvalid, { error: SITE_ZIP_TEXTS.siteInvalid }).regex(/^\d{5}$/, SITE_ZIP_TEXTS.siteInvalid);
const revision = integerColumnId();

export const zipPrefixSchema = text(SITE_ZIP_TEXTS.prefixInvalid, { error: SITE_ZIP_TEXTS.prefixInvalid })
  .trim()
  .regex(new RegExp(`^\\d{${ZIP_PREFIX_LENGTH}}$`), SITE_ZIP_TEXTS.prefixInvalid);

/** GET /staff/content/SiteZipPrefixes: every prefix with the site it assigns, sites' own ids included (00006: mail only). */
export const siteZipPrefixesResponseSchema = z.object({
  status: z.literal('succeed'),
  prefixes: z.array(z.object({ prefix: z.string(), siteId: z.string() })),
});
export type SiteZipPrefixesResponse = z.infer<typeof siteZipPrefixesResponseSchema>;

/** POST /staff/content/AddZipPrefix and RemoveZipPrefix. */
export const zipPrefixChangeSchema = z.object({ siteId, prefix: zipPrefixSchema });
export type ZipPrefixChangePayload = z.infer<typeof zipPrefixChangeSchema>;
export type ZipPrefixFields = z.input<typeof zipPrefixChangeSchema>;

/** POST /staff/content/SetSiteMapCode: the maps page the site answers (one of the routed codes) or none, against the revision opened. */
export const setSiteMapCodeSchema = z.object({
  siteId,
  revision,
  mapCode: z.enum(MAP_CODES, { error: SITE_ZIP_TEXTS.mapCodeInvalid }).nullable(),
});
export type SetSiteMapCodePayload = z.infer<typeof setSiteMapCodeSchema>;

/** POST /staff/content/MoveTestSite: one place up or down in the public order. */
export const moveTestSiteSchema = z.object({
  siteId,
  revision,
  direction: z.enum(['up', 'down'], { error: SITE_ZIP_TEXTS.moveInvalid }),
});
export type MoveTestSitePayload = z.infer<typeof moveTestSiteSchema>;

/** POST /staff/content/RemoveTestSite: the site and its prefixes deleted, when nothing else refers to it. */
export const removeTestSiteSchema = z.object({ siteId, revision });
export type RemoveTestSitePayload = z.infer<typeof removeTestSiteSchema>;

/** Every answer of these calls: `failed` carries the refusal, `field` the form field it belongs to. */
export const siteZipChangeResponseSchema = z.object({
  status: z.enum(['succeed', 'failed']),
  message: z.string(),
  field: z.string().optional(),
});
export type SiteZipChangeResponse = z.infer<typeof siteZipChangeResponseSchema>;

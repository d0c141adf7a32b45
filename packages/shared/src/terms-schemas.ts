import { z } from 'zod';

/**
 * The terms' versions (issue 12, "the legal texts with versions"; decision 041): what the portal asks
 * at each visit and what it sends when the tester accepts. Tester scope.
 */

/** GET /api/account/GetTermsStatus. Times are ISO 8601 in UTC; nulls when there is nothing yet. */
export const termsStatusResponseSchema = z.object({
  status: z.literal('succeed'),
  /** The version in force now (null only while no version has been published). */
  currentVersion: z.number().int().nullable(),
  publishedAt: z.string().nullable(),
  /** What changed in the current version, in the tester's language. */
  summary: z.string(),
  language: z.enum(['en', 'es']),
  /** The highest version the tester accepted, and when. */
  acceptedVersion: z.number().int().nullable(),
  acceptedAt: z.string().nullable(),
  /** The server's verdict: the portal shows the terms dialog only when this is true. */
  needsAcceptance: z.boolean(),
});
export type TermsStatusResponse = z.infer<typeof termsStatusResponseSchema>;

/** POST /api/account/AcceptTerms: the version the tester read (the one GetTermsStatus answered). */
export const acceptTermsSchema = z.object({
  version: z.number({ message: 'The terms version is required.' }).int('The terms version is a whole number.').min(1).max(1_000_000),
});
export type AcceptTermsPayload = z.infer<typeof acceptTermsSchema>;

/**
 * succeed: the version is accepted (again: the first acceptance's time stays). notCurrent: that
 * version is not the one in force (a newer one came meanwhile, or it does not exist); nothing stored.
 */
export const acceptTermsResponseSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('succeed'), acceptedVersion: z.number().int(), acceptedAt: z.string() }),
  z.object({ status: z.literal('notCurrent'), message: z.string(), currentVersion: z.number().int().nullable() }),
]);
export type AcceptTermsResponse = z.infer<typeof acceptTermsResponseSchema>;

export { TERMS_TEXTS } from './terms-texts.ts';

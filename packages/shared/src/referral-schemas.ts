import { z } from 'zod';
import { message, type Language } from './account-messages.ts';
import { EMAIL_PATTERN, LIMITS } from './account-rules.ts';
import { fillText } from './i18n.ts';
import en from './locales/en/referral.json' with { type: 'json' };
import { personName } from './person-name.ts';
import { text, UUID_PATTERN } from './text.ts';

/** Referrals (spec 3: "Referral pages", sections 3, 4, 5, 7, 8 and 9; decision 036). */

export const REFERRAL_LIMITS = {
  /** Referrals a tester may make in one company month (spec 3, sections 6 and 9). */
  monthly: 10,
  nameMax: 50,
  /** An age of at most three digits. */
  ageDigitsMax: 3,
  /** The completion reward (spec 3, section 9). */
  rewardCoins: 200,
  rewardExp: 250,
  /** The referred person is contacted within this many business days (spec 3 says 5, the page text 10: decision 036). */
  contactedWithinBusinessDays: 5,
  /** The referrer's check is mailed within this many days of the referral's first study. */
  checkMailedWithinDays: 30,
} as const;

export const REFERRAL_STATUSES = ['New', 'Bad Number', 'Registered', 'Outreach', 'Paid', 'Closed', 'Complete'] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];

/** The statuses whose reward may be claimed (spec 3, section 4). */
export const CLAIMABLE_REFERRAL_STATUSES: readonly ReferralStatus[] = ['Complete', 'Paid'];

/** Whether a referral's reward may be claimed now: Complete or Paid, and not yet redeemed. */
export function isReferralClaimable(referral: { status: ReferralStatus; redeemedReward: boolean }): boolean {
  return CLAIMABLE_REFERRAL_STATUSES.includes(referral.status) && !referral.redeemedReward;
}

/** The texts of spec 3, section 8 ("Referral") and the form's messages (section 5). */
export const REFERRAL_TEXTS = {
  maximum: en.maximum,
  // Every request counts, also one for someone already referred (decision 075).
  maximumDetail: fillText(en.maximumDetail, { monthly: REFERRAL_LIMITS.monthly }),
  existUser: en.existUser,
  // Only "already referred": never whether the person is a tester (decision 075).
  existUserDetail: en.existUserDetail,
  failed: en.failed,
  fetchFailed: en.fetchFailed,
  digitsOnly: en.digitsOnly,
  succeed: en.sent,
  /** Beside a Claim button that is off: why (CLAIMABLE_REFERRAL_STATUSES). */
  claimWhenComplete: en.claimWhenComplete,
};

const required = (language: Language) =>
  text(message('invalidCharacters', language), { error: () => message('required', language) })
    .trim()
    .min(1, message('required', language));

/** The friend's name goes into the invitation e-mail: person-name.ts's rule. */
const name = (language: Language) =>
  personName({ max: REFERRAL_LIMITS.nameMax, tooLong: message('profileNameTooLong', language), language });

/** The age's own messages, in the caller's language (the web has them in locales/<language>/referral.json). */
export interface ReferralAgeTexts {
  digitsOnly: string;
  ageTooLong: string;
}

/**
 * POST /account/UpdateReferralList (spec 3, section 5): all five fields required; the age digits
 * only; the e-mail the simple pattern; the phone exactly 10 digits. One rule for the form (in the
 * tester's language) and the server (English).
 */
export const referralRequestSchemaIn = (language: Language, ageTexts: ReferralAgeTexts) =>
  z.object({
    firstname: name(language),
    lastname: name(language),
    age: required(language).regex(/^\d+$/, ageTexts.digitsOnly).max(REFERRAL_LIMITS.ageDigitsMax, ageTexts.ageTooLong),
    emailAddress: required(language)
      .max(LIMITS.emailMax, message('emailInvalid', language))
      .regex(EMAIL_PATTERN, message('emailInvalid', language)),
    phoneNumber: required(language).regex(new RegExp(`^\\d{${LIMITS.phoneDigits}}$`), message('phoneInvalid', language)),
  });
export const referralRequestSchema = referralRequestSchemaIn('en', {
  digitsOnly: REFERRAL_TEXTS.digitsOnly,
  ageTooLong: fillText(en.ageTooLong, { max: REFERRAL_LIMITS.ageDigitsMax }),
});
export type ReferralRequest = z.infer<typeof referralRequestSchema>;

/** succeed, or why not: the monthly limit, someone already referred, or another failure. */
export const REFERRAL_REQUEST_STATUSES = ['succeed', 'maximum', 'existUser', 'failed'] as const;
export type ReferralRequestStatus = (typeof REFERRAL_REQUEST_STATUSES)[number];
export const referralRequestResponseSchema = z.object({ status: z.enum(REFERRAL_REQUEST_STATUSES) });
export type ReferralRequestResponse = z.infer<typeof referralRequestResponseSchema>;

/** Referral list item (spec 3, section 3) with the id a claim names (decision 036). */
export const referralListItemSchema = z.object({
  referralId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  status: z.enum(REFERRAL_STATUSES),
  redeemedReward: z.boolean(),
});
export type ReferralListItem = z.infer<typeof referralListItemSchema>;

export const referralListResponseSchema = z.object({ status: z.literal('succeed'), referralList: z.array(referralListItemSchema) });
export type ReferralListResponse = z.infer<typeof referralListResponseSchema>;

/**
 * POST /reward/GetReferralReward: the spec's list item as the body, plus referralId, which alone
 * names the referral (two friends may share a name); the other fields are the page's copy and are not trusted.
 */
export const referralRewardRequestSchema = z.object({
  referralId: text('The referral id is not valid.', { error: () => 'The referral id is required.' })
    .max(64, 'The referral id is not valid.')
    .regex(UUID_PATTERN, 'The referral id is not valid.'),
  firstName: z.string().max(200).optional(),
  lastName: z.string().max(200).optional(),
  status: z.string().max(40).optional(),
  redeemedReward: z.boolean().optional(),
});
export type ReferralRewardRequest = z.infer<typeof referralRewardRequestSchema>;

/** succeed pays; notClaimable: not Complete or Paid, already redeemed, or not this tester's referral. */
export const REFERRAL_REWARD_STATUSES = ['succeed', 'notClaimable'] as const;
export const referralRewardResponseSchema = z.object({
  status: z.enum(REFERRAL_REWARD_STATUSES),
  coins: z.number().int(),
  exp: z.number().int(),
});
export type ReferralRewardResponse = z.infer<typeof referralRewardResponseSchema>;

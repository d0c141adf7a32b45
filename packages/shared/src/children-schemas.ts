import { z } from 'zod';
import { message, type Language } from './account-messages.ts';
import { GENDERS, RACE_IDS, ageOn, checkPhone, daysInMonth } from './account-rules.ts';
import { translator, type Translate } from './i18n.ts';
import childrenEn from './locales/en/children.json' with { type: 'json' };
import childMessagesEn from './locales/en/messages-children.json' with { type: 'json' };
import { studyNoSchema } from './schedule-schemas.ts';
import { personName } from './person-name.ts';
import { text, UUID_PATTERN } from './text.ts';

/**
 * Children of a tester (spec 3: "Child form", the children calls, the child texts of section 8;
 * decision 028). The browser's form and the server's parse use these same rules.
 */

export const CHILD_LIMITS = {
  nameMax: 50,
  /** Birth years run from this year back this many years: ages 0 to 17. */
  maxAgeYears: 17,
  /** An unconfirmed child is removed this many hours after registering (spec 3, section 9). */
  confirmationHours: 24,
} as const;

export { CHILD_TEXTS } from './children-texts.ts';

/** Registration statuses: succeed, the duplicate, or a code the popup shows in step 4 (spec 3, 4 and 8). */
export const CHILD_REGISTRATION_STATUSES = ['succeed', 'kidExisted', 'tooManyChildren', '101', '102', '103'] as const;
export type ChildRegistrationStatus = (typeof CHILD_REGISTRATION_STATUSES)[number];

/** Birth-year choices of the child form: this year back 17 years (spec 3, 5). */
export function childBirthYearChoices(today: Date): number[] {
  const year = today.getFullYear();
  return Array.from({ length: CHILD_LIMITS.maxAgeYears + 1 }, (_, back) => year - back);
}

/**
 * The child form's own rule texts (locales/<language>/children.json): the web passes them in the
 * tester's language (useChildTexts, Spanish loaded only for a Spanish reader), the server parses in English.
 */
export type ChildRuleTexts = Translate<keyof typeof childrenEn>;
const childRulesInEnglish: ChildRuleTexts = translator(childrenEn);

/** A child's birth date: a real date, not in the future, within the year choices, and under 18 today. */
export function checkChildBirthDate(
  birth: { year: number; month: number; day: number },
  today: Date,
  language: Language = 'en',
  t: ChildRuleTexts = childRulesInEnglish,
): string | null {
  const { year, month, day } = birth;
  if (!year || !month || !day) return message('required', language);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return message('birthDateInvalid', language);
  if (!childBirthYearChoices(today).includes(year)) return t('birthYearFromList');
  const age = ageOn(birth, today);
  if (age < 0) return t('birthInFuture');
  if (age > CHILD_LIMITS.maxAgeYears) return t('childTooOld');
  return null;
}

/**
 * The child registration payload (spec 3, section 3); the birth date is checked against `today()` at
 * each parse. Its messages in `language` (the shared catalogue) and `t` (the child rules' own texts).
 */
export function childRegistrationSchema(
  today: () => Date = () => new Date(),
  language: Language = 'en',
  t: ChildRuleTexts = childRulesInEnglish,
) {
  const required = () => text(message('invalidCharacters', language), { error: () => message('required', language) });
  // The child's name goes into the parent's e-mails: person-name.ts's rule.
  const childName = () => personName({ max: CHILD_LIMITS.nameMax, tooLong: t('nameTooLong', { max: CHILD_LIMITS.nameMax }), language });
  const whole = (isRequired: string, notWhole: string) => z.number({ error: isRequired }).int(notWhole);
  return z
    .object({
      firstName: childName(),
      lastName: childName(),
      race: z.enum(RACE_IDS, { message: message('raceInvalid', language) }),
      gender: z.enum(GENDERS, { message: message('genderInvalid', language) }),
      year: whole(t('yearRequired'), t('yearWhole')).min(1900, t('chooseYear')).max(9999, t('chooseYear')),
      month: whole(t('monthRequired'), t('monthWhole')).min(1, t('chooseMonth')).max(12, t('chooseMonth')),
      day: whole(t('dayRequired'), t('dayWhole')).min(1, t('chooseDay')).max(31, t('chooseDay')),
      phone: required().superRefine((value, context) => {
        const problem = checkPhone(value);
        if (problem) context.addIssue({ code: 'custom', message: message(problem, language) });
      }),
    })
    .superRefine((child, context) => {
      const problem = checkChildBirthDate(child, today(), language, t);
      if (problem) context.addIssue({ code: 'custom', path: ['day'], message: problem });
    });
}
export type ChildRegistrationPayload = z.infer<ReturnType<typeof childRegistrationSchema>>;

/** RegistChildren: the payload plus the study it was registered from. */
export function childRegistrationWithStudySchema(today: () => Date = () => new Date()) {
  return childRegistrationSchema(today).and(z.object({ studyNo: studyNoSchema }));
}

export const childRegistrationResponseSchema = z.object({
  status: z.enum(CHILD_REGISTRATION_STATUSES),
  /** The explanation of a code (shown in step 4); absent on succeed. */
  detail: z.string().optional(),
});
export type ChildRegistrationResponse = z.infer<typeof childRegistrationResponseSchema>;

/** A child's public id (the k of the confirmation link): a UUID. */
export const childIdSchema = text('The child id holds characters that are not allowed.', { error: () => 'The child id is required.' })
  .max(64, 'The child id is not valid.')
  .regex(UUID_PATTERN, 'The child id is not valid.');

/** ConfirmKid: the kid GUID as a bare JSON string (spec 2, section 7). */
export const confirmKidSchema = childIdSchema;

export const CONFIRM_KID_STATUSES = ['succeed', 'failed'] as const;
export const confirmKidResponseSchema = z.object({
  status: z.enum(CONFIRM_KID_STATUSES),
  fullName: z.string().optional(),
  /** Whether Tester Services have confirmed the child by phone yet; the link itself confirms only the e-mail (decision 079). */
  isConfirmed: z.boolean().optional(),
});
export type ConfirmKidResponse = z.infer<typeof confirmKidResponseSchema>;

/** Kid list item (spec 3, section 3), with the id the child popup selects by. */
export const registeredChildSchema = z.object({
  childId: z.string(),
  fullName: z.string(),
  isConfirmed: z.boolean(),
  /** When an unconfirmed registration is removed (UTC instant); null once confirmed. */
  expiresAt: z.string().nullable(),
  /** Whether the parent opened the e-mailed link (the e-mail step; decision 079). */
  emailConfirmed: z.boolean(),
});
export type RegisteredChild = z.infer<typeof registeredChildSchema>;

export const registeredChildrenResponseSchema = z.object({
  status: z.literal('succeed'),
  registeredChildren: z.array(registeredChildSchema),
});
export type RegisteredChildrenResponse = z.infer<typeof registeredChildrenResponseSchema>;

/* ------------------------------------------------------------------------------------------------ */
/* Choosing, screening and scheduling a child (decision 029)                                        */
/* ------------------------------------------------------------------------------------------------ */

/** Texts of the child popup and the teen branch (spec 3, sections 4 and 8), in English from the translation files. */
export const CHILD_FLOW_TEXTS = {
  notFoundQuestion: childrenEn.notFoundQuestion,
  teenFailed: childrenEn.teenFailed,
  teenNotConfirmed: childrenEn.teenNotConfirmed,
  checkEmail: childrenEn.checkEmail,
  noQualifiedChildren: childrenEn.noQualifiedChildren,
  /** Code 101 of a child: the popup offers to ignore the study; Yes removes it from the list. */
  ignoreStudyQuestion: childrenEn.ignoreStudyQuestion,
  screened: childrenEn.screened,
  /** DoChildrenScreener notQualified: the child's age is not one the study takes. */
  childAgeNotTaken: childMessagesEn.childAgeNotTaken,
  /** DoChildrenScreener notQualified: the child already took this screener or waits for the study. */
  childAlreadyScreened: childMessagesEn.childAlreadyScreened,
  contactNotice: childrenEn.contactNotice,
} as const;

/**
 * POST GetChildrenInfo (a kid study) and GetChildrenInfoWithAge (the teen branch of a
 * participant-type-3 study): body { studyNo }.
 */
export const childrenForStudyRequestSchema = z.object({ studyNo: studyNoSchema });
export type ChildrenForStudyRequest = z.infer<typeof childrenForStudyRequestSchema>;

/**
 * succeed: the list (at least one child can be chosen); noChildren: no registered child (or, for the
 * teen call, no child aged 13 to 17); notConfirmed: children, none confirmed yet; changeEmailAddress:
 * the parent's e-mail address cannot take mail; noQualifiedChildren: confirmed children, none can be
 * chosen; failed: the study is not open to this tester (no longer available).
 */
export const CHILDREN_INFO_STATUSES = [
  'succeed',
  'noChildren',
  'notConfirmed',
  'changeEmailAddress',
  'noQualifiedChildren',
  'failed',
] as const;
export type ChildrenInfoStatus = (typeof CHILDREN_INFO_STATUSES)[number];

/**
 * A child as the popup lists it for a study (spec 3, "Registered child"). testerId is the child's
 * id (the kid GUID). A child can be chosen when confirmed, age- and quota-qualified and not
 * screened yet; otherwise the list labels it: '(Not qualified)', '(In waitList)', '(Screened)' or
 * 'Awaiting confirmation'.
 */
export const customChildSchema = z.object({
  testerId: z.string(),
  testerName: z.string(),
  studyNo: z.number().int(),
  age: z.number().int(),
  isConfirmed: z.boolean(),
  isWaitList: z.boolean(),
  isAgeQualified: z.boolean(),
  isQuotaQualified: z.boolean(),
  /** The child finished this study's screener already (qualified, full or disqualified). */
  isScreened: z.boolean(),
});
export type CustomChild = z.infer<typeof customChildSchema>;

/** Whether the popup lets the parent choose this child. */
export const isChildSelectable = (child: CustomChild) =>
  child.isConfirmed && child.isAgeQualified && child.isQuotaQualified && !child.isWaitList && !child.isScreened;

export const childrenForStudyResponseSchema = z.object({
  status: z.enum(CHILDREN_INFO_STATUSES),
  customChildren: z.array(customChildSchema),
});
export type ChildrenForStudyResponse = z.infer<typeof childrenForStudyResponseSchema>;

/** POST DoChildrenScreener: body { childID (the kid GUID), studyNo }. */
export const doChildrenScreenerRequestSchema = z.object({ childID: childIdSchema, studyNo: studyNoSchema });
export type DoChildrenScreenerRequest = z.infer<typeof doChildrenScreenerRequestSchema>;

/**
 * succeed: go to redirectLink (the hosted screener with ?k=); 101: not a confirmed child of this
 * parent (message CHILD_TEXTS.notConfirmedYet for the parent's child Tester Services have not confirmed
 * yet, decision 079); 102: the parent's e-mail cannot take mail; 103: the study is no longer available;
 * notQualified: the child's age or an earlier screening rules it out; 'Screener Failed - 102': the
 * study is full. message explains every status but succeed.
 */
export const DO_CHILDREN_SCREENER_STATUSES = ['succeed', '101', '102', '103', 'notQualified', 'Screener Failed - 102'] as const;
export const doChildrenScreenerResponseSchema = z.object({
  status: z.enum(DO_CHILDREN_SCREENER_STATUSES),
  redirectLink: z.string().optional(),
  message: z.string().optional(),
});
export type DoChildrenScreenerResponse = z.infer<typeof doChildrenScreenerResponseSchema>;

/** POST RemoveStudyFromList: body the study number as bare JSON; hides the study from the tester's screener list. */
export const removeStudyFromListRequestSchema = studyNoSchema;
export const removeStudyFromListResponseSchema = z.object({ status: z.literal('succeed') });

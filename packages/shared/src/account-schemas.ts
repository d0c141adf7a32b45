import { z } from 'zod';
import { ENTRY_TEXTS, message, type Language, type MessageKey } from './account-messages.ts';
import {
  EMAIL_PATTERN,
  GENDERS,
  LIMITS,
  RACE_IDS,
  STATE_CODES,
  birthDateOf,
  checkAdDetail,
  checkBirthDate,
  checkCode,
  checkEmail,
  checkPassword,
  checkPasswordConfirmation,
  checkPhone,
  checkRequired,
  checkUsername,
  checkZip,
  phoneValue,
} from './account-rules.ts';
import { personName } from './person-name.ts';
import { text, UUID_PATTERN } from './text.ts';

/**
 * Request schemas of the entry flows. The browser runs the same rules (account-rules.ts)
 * field by field; the server parses whole payloads with these, in the tester's language.
 */

/**
 * A string field whose absence or wrong type reads "This field is required." in the tester's
 * language; a NUL byte or a lone surrogate is refused (text.ts) before any other rule runs.
 */
const requiredString = (language: Language) => text(message('invalidCharacters', language), { error: () => message('required', language) });

/** Any other string field: no NUL byte, no lone surrogate (the type's message is zod's, mapped by the form). */
const plain = (language: Language = 'en') => text(message('invalidCharacters', language));

/** A tester id: a real UUID, so that nothing else ever reaches the uuid column. */
const testerId = (language: Language = 'en') =>
  plain(language).min(1, { abort: true }).max(64, { abort: true }).regex(UUID_PATTERN, message('idInvalid', language));

/** The "{testerId}.{code}" token of the /account/ConfirmEmail link. */
const TESTER_TOKEN_PATTERN = new RegExp(`^${UUID_PATTERN.source.slice(1, -1)}\\.[A-Za-z0-9_-]+$`, 'i');

/** A required string checked by one of account-rules' checks, with that check's catalogue text. */
export const checked = (check: (value: string) => MessageKey | null, language: Language) =>
  requiredString(language).superRefine((value, context) => {
    const problem = check(value);
    if (problem) context.addIssue({ code: 'custom', message: message(problem, language) });
  });

/** A registration's first or last name (person-name.ts: the same rule as every other name). */
const profileName = (language: Language) =>
  personName({ max: LIMITS.profileNameMax, tooLong: message('profileNameTooLong', language), language });

const languageSchema = z.enum(['en', 'es']).default('en');

export function registerSchema(language: Language = 'en', today: Date = new Date()) {
  return z
    .object({
      Username: checked(checkUsername, language),
      EmailAddress: checked(checkEmail, language),
      Password: checked(checkPassword, language),
      FirstName: profileName(language),
      LastName: profileName(language),
      ZipCode: checked(checkZip, language),
      Address: checked((value) => checkRequired(value, LIMITS.addressMax), language),
      City: checked((value) => checkRequired(value, LIMITS.cityMax), language),
      State: z.enum(STATE_CODES as [string, ...string[]], { message: message('stateInvalid', language) }),
      SexID: z.enum(GENDERS, { message: message('genderInvalid', language) }),
      PhoneNo: checked(checkPhone, language),
      RaceID: z.enum(RACE_IDS, { message: message('raceInvalid', language) }),
      AdID: requiredString(language).regex(/^[A-Za-z0-9]{1,12}$/, message('adInvalid', language)),
      AdDetail: plain(language).max(LIMITS.adDetailMax, message('textTooLong', language)).default(''),
      Birth: requiredString(language).regex(/^\d{4}-\d{2}-\d{2}$/, message('birthDateInvalid', language)),
      CAge: z.number().int().min(0).max(130).optional(),
      Referral: plain(language).max(64).default(''),
      DayIndex: z.literal(0).default(0),
      ContactBestTimeFrom: plain(language)
        .regex(/^\d{2}:\d{2}$/)
        .default('07:00'),
      ContactBestTimeTo: plain(language)
        .regex(/^\d{2}:\d{2}$/)
        .default('17:00'),
      AcceptTerms: z.literal(true, { message: message('termsRequired', language) }),
      Language: languageSchema,
    })
    .superRefine((payload, context) => {
      const detailProblem = checkAdDetail(payload.AdID, payload.AdDetail);
      if (detailProblem) context.addIssue({ code: 'custom', path: ['AdDetail'], message: message(detailProblem, language) });
      const [year, month, day] = payload.Birth.split('-').map(Number) as [number, number, number];
      const problem = checkBirthDate({ year, month, day }, today);
      if (problem) context.addIssue({ code: 'custom', path: ['Birth'], message: message(problem, language) });
    });
}
export type RegisterPayload = z.input<ReturnType<typeof registerSchema>>;

/** Registration's step 2 (name and address): the Register call's own fields, named as the form names them. */
export function registrationProfileFormSchema(language: Language = 'en') {
  const call = registerSchema(language).shape;
  return z.object({
    firstName: call.FirstName,
    lastName: call.LastName,
    zipCode: call.ZipCode,
    address: call.Address,
    city: call.City,
    state: call.State,
  });
}
export type RegistrationProfileForm = z.input<ReturnType<typeof registrationProfileFormSchema>>;

/**
 * Step 1 of registration (and the existing-user Complete form): the Register call's username, e-mail
 * and password, then the password's repeat. `isTaken` says whether the server reported a value as
 * taken (its answers are kept by the form); such a value is refused with the call's own text.
 */
export function registrationAccountFormSchema(
  language: Language = 'en',
  isTaken: (field: 'username' | 'email', value: string) => boolean = () => false,
) {
  const call = registerSchema(language).shape;
  return z
    .object({
      username: call.Username.refine((value) => !isTaken('username', value), message('usernameTaken', language)),
      email: call.EmailAddress.refine((value) => !isTaken('email', value), message('emailTaken', language)),
      password: call.Password,
      confirmation: z.string(),
    })
    .superRefine(confirmationOf('password', language));
}
export type RegistrationAccountForm = z.input<ReturnType<typeof registrationAccountFormSchema>>;

/** The date-of-birth selects of registration's step 3, in the order they unlock. */
export const BIRTH_SELECTS = ['year', 'month', 'day'] as const;

/** Whether `value` is an object whose `names` are all strings. */
const holdsText = (value: unknown, names: readonly string[]) =>
  typeof value === 'object' && value !== null && names.every((name) => typeof (value as Record<string, unknown>)[name] === 'string');

/**
 * Step 3 of registration (detail): the Register call's rules and texts for the values as the form
 * holds them: the choices as their selects give them, the phone as typed (sent as digits), the
 * how-heard detail (required for Other), the date of birth from its three selects and the terms
 * box. The date's problem is reported on its first select still empty (the day once all three are
 * chosen), which takes the focus.
 */
export function registrationDetailFormSchema(language: Language = 'en', today: Date = new Date()) {
  const call = registerSchema(language, today).shape;
  return z
    .object({
      gender: z.string().pipe(call.SexID),
      phone: z.string().transform(phoneValue).pipe(call.PhoneNo),
      raceId: z.string().pipe(call.RaceID),
      adId: call.AdID,
      adDetail: call.AdDetail,
      year: z.string(),
      month: z.string(),
      day: z.string(),
      acceptTerms: z.boolean().pipe(call.AcceptTerms),
    })
    .superRefine(
      (values, context) => {
        const detailProblem = checkAdDetail(values.adId, values.adDetail);
        if (detailProblem) context.addIssue({ code: 'custom', path: ['adDetail'], message: message(detailProblem, language) });
        const birthProblem = checkBirthDate(birthDateOf(values), today);
        const select = BIRTH_SELECTS.find((name) => !values[name]) ?? 'day';
        if (birthProblem) context.addIssue({ code: 'custom', path: [select], message: message(birthProblem, language) });
      },
      // Every problem shows at once: these rules run even when a choice elsewhere (gender, race) was refused.
      { when: ({ value }) => holdsText(value, ['adId', 'adDetail', ...BIRTH_SELECTS]) },
    );
}
/** Step 3's values as the form holds them. */
export type RegistrationDetailForm = z.input<ReturnType<typeof registrationDetailFormSchema>>;
/** Step 3's values once checked: the choices typed as the Register call takes them, the phone as digits. */
export type RegistrationDetail = z.output<ReturnType<typeof registrationDetailFormSchema>>;

export const isInfoExistSchema = z.object({
  username: plain()
    .max(LIMITS.usernameMax * 4)
    .default(''),
  email: plain()
    .max(LIMITS.emailMax * 4)
    .default(''),
  u: plain().max(64).default(''),
});

export function shortSignUpSchema(language: Language = 'en') {
  return z.object({
    firstName: personName({ max: LIMITS.shortNameMax, tooLong: message('nameTooLong', language), language }),
    lastName: personName({ max: LIMITS.shortNameMax, tooLong: message('nameTooLong', language), language }),
    phone: checked(checkPhone, language),
    email: checked(checkEmail, language),
    Language: languageSchema,
  });
}

/** The join page's short sign-up form: the call's fields as typed (the phone possibly formatted, sent as digits). */
export function shortSignUpFormSchema(language: Language = 'en') {
  const call = shortSignUpSchema(language).shape;
  return z.object({
    firstName: call.firstName,
    lastName: call.lastName,
    phone: z.string().transform(phoneValue).pipe(call.phone),
    email: z.string().trim().pipe(call.email),
  });
}
export type ShortSignUpForm = z.input<ReturnType<typeof shortSignUpFormSchema>>;

export const zipSchema = checked(checkZip, 'en');

export function reEngagementSchema(language: Language = 'en') {
  return z.object({ c: checked(checkCode, language), p: checked(checkPhone, language), Language: languageSchema });
}

/** The re-engagement form: the call's registration code (trimmed) and phone (as typed, sent as digits). */
export function reEngagementFormSchema(language: Language = 'en') {
  const call = reEngagementSchema(language).shape;
  return z.object({ code: z.string().trim().pipe(call.c), phone: z.string().transform(phoneValue).pipe(call.p) });
}
export type ReEngagementForm = z.input<ReturnType<typeof reEngagementFormSchema>>;

/**
 * The sign-in pages' own texts a schema words its rules with (locales/<language>/sign-in.json): the
 * caller hands them in (the form its `t`, the server the request's language), so these schemas carry
 * no Spanish. English by default, the texts below (the English file repeats them word for word).
 */
export type SignInRuleKey =
  | 'loginUsernameRequired'
  | 'loginPasswordRequired'
  | 'firstNameRequired'
  | 'lastNameRequired'
  | 'findUsernameEmail'
  | 'usernameTooLong'
  | 'currentPasswordRequired';
export type SignInRuleTexts = (key: SignInRuleKey, params?: Record<string, string | number>) => string;

/** The texts of the recovery forms; the find-username e-mail text is the spec's, without a full stop (spec 2, section 5). */
export const RECOVERY_TEXTS = {
  firstNameRequired: 'Please enter your first name.',
  lastNameRequired: 'Please enter your last name.',
  findUsernameEmail: 'Please enter a valid email address',
  usernameTooLong: `Username must contain at most ${LIMITS.emailMax} characters.`,
} as const;

const ENGLISH_RULE_TEXTS: Record<SignInRuleKey, string> = {
  loginUsernameRequired: ENTRY_TEXTS.loginUsernameRequired,
  loginPasswordRequired: ENTRY_TEXTS.loginPasswordRequired,
  currentPasswordRequired: 'Current password is required.',
  ...RECOVERY_TEXTS,
};
const inEnglish: SignInRuleTexts = (key) => ENGLISH_RULE_TEXTS[key];

/** POST /api/account/Login, with the login form's texts (the spec gives none for this call). */
export function loginSchemaIn(t: SignInRuleTexts = inEnglish, language: Language = 'en') {
  return z.object({
    username: text(message('invalidCharacters', language), { error: () => t('loginUsernameRequired') })
      .trim()
      .min(1, t('loginUsernameRequired'))
      .max(100),
    password: text(message('invalidCharacters', language), { error: () => t('loginPasswordRequired') })
      .min(1, t('loginPasswordRequired'))
      .max(200),
  });
}
export const loginSchema = loginSchemaIn();

/**
 * Spec 2, section 5 says "Username non-empty. The password field is enabled when longer than
 * 6 characters." A field cannot be enabled by its own length (it could not be typed into),
 * so "longer than 6 characters" is read as the username's length: the password field opens
 * once the trimmed username has 7 or more characters.
 */
export function isLoginPasswordEnabled(username: string): boolean {
  return username.trim().length > LIMITS.loginPasswordEnableAfter;
}

/**
 * The login form: the call's username, then a password asked for only once a username is given
 * (one message at a time, the username's first) and the password field is open; Remember me.
 */
export function loginFormSchemaIn(t: SignInRuleTexts = inEnglish, language: Language = 'en') {
  const call = loginSchemaIn(t, language);
  return z
    .object({ username: call.shape.username, password: z.string(), remember: z.boolean() })
    .superRefine(({ username, password }, context) => {
      // A blank username is the one thing to say (its own message); the password's comes after.
      if (!username.trim()) return;
      if (!isLoginPasswordEnabled(username) || !call.shape.password.safeParse(password).success) {
        context.addIssue({ code: 'custom', path: ['password'], message: t('loginPasswordRequired') });
      }
    });
}
export const loginFormSchema = loginFormSchemaIn();
export type LoginForm = z.input<typeof loginFormSchema>;

/** A required, trimmed text whose absence or blank reads `required`. */
const requiredText = (required: string, language: Language) =>
  text(message('invalidCharacters', language), { error: () => required })
    .trim()
    .min(1, { message: required, abort: true });

/** POST /account/findusername, and its form: first and last name non-empty, the e-mail valid. */
export function findUsernameSchemaIn(t: SignInRuleTexts = inEnglish, language: Language = 'en') {
  return z.object({
    firstname: requiredText(t('firstNameRequired'), language).max(LIMITS.profileNameMax),
    lastname: requiredText(t('lastNameRequired'), language).max(LIMITS.profileNameMax),
    emailAddress: text(message('invalidCharacters', language), { error: () => t('findUsernameEmail') })
      .trim()
      .max(LIMITS.emailMax, { message: t('findUsernameEmail'), abort: true })
      .regex(EMAIL_PATTERN, t('findUsernameEmail')),
  });
}
export const findUsernameSchema = findUsernameSchemaIn();
export type FindUsernameForm = z.input<typeof findUsernameSchema>;

/** POST /account/forgotpassword, and its form: the username non-empty, the e-mail valid (a blank one too), both at most 50 characters. */
export function forgotPasswordSchemaIn(t: SignInRuleTexts = inEnglish, language: Language = 'en') {
  return z.object({
    username: requiredText(t('loginUsernameRequired'), language).max(LIMITS.emailMax, t('usernameTooLong', { max: LIMITS.emailMax })),
    emailAddress: text(message('invalidCharacters', language), { error: () => message('emailInvalid', language) })
      .trim()
      .superRefine((value, context) => {
        const problem = checkEmail(value);
        if (problem) context.addIssue({ code: 'custom', message: message(problem === 'required' ? 'emailInvalid' : problem, language) });
      }),
  });
}
export const forgotPasswordSchema = forgotPasswordSchemaIn();
export type ForgotPasswordForm = z.input<typeof forgotPasswordSchema>;

export function resetPasswordSchema(language: Language = 'en') {
  return z.object({
    UserID: testerId(language),
    Code: plain(language).min(1).max(200),
    Password: checked(checkPassword, language),
  });
}

/** A form's repeat of its new password must equal it (spec 2, section 5), under the password's own message. */
function confirmationOf<Password extends string>(password: Password, language: Language = 'en') {
  return (values: Record<Password | 'confirmation', string>, context: z.RefinementCtx) => {
    const problem = checkPasswordConfirmation(values[password], values.confirmation);
    if (problem) context.addIssue({ code: 'custom', path: ['confirmation'], message: message(problem, language) });
  };
}

/** The reset link's form: the call's new password and its confirmation (the link gives the user id and code). */
export function resetPasswordFormSchemaIn(language: Language = 'en') {
  return z
    .object({ password: resetPasswordSchema(language).shape.Password, confirmation: z.string() })
    .superRefine(confirmationOf('password', language));
}
export const resetPasswordFormSchema = resetPasswordFormSchemaIn();
export type ResetPasswordForm = z.input<typeof resetPasswordFormSchema>;

export const checkConfirmEmailSchemaIn = (language: Language = 'en') =>
  z.object({ userId: testerId(language), code: plain(language).min(1).max(200) });
export const checkConfirmEmailSchema = checkConfirmEmailSchemaIn();
export const confirmEmailAnotherSchemaIn = (language: Language = 'en') =>
  z.object({ token: plain(language).min(1).max(400).regex(TESTER_TOKEN_PATTERN, message('idInvalid', language)) });
export const confirmEmailAnotherSchema = confirmEmailAnotherSchemaIn();
export const emailClickTrackSchema = z.object({ tester: testerId(), eCode: plain().min(1).max(200) });
export const testerIdSchema = testerId();

/**
 * GetLoginUsername's body: the tester id (the spec's bare string), or the id with the study link's
 * `d` that names that tester. Only the second is answered with a username (decision 075).
 */
export const loginUsernameSchema = z.union([testerIdSchema, z.object({ t: testerIdSchema, d: plain().min(1).max(2000) })]);
export type LoginUsernameRequest = z.infer<typeof loginUsernameSchema>;

export function initializeInformationSchemaIn(t: SignInRuleTexts = inEnglish, language: Language = 'en') {
  return z.object({
    Username: checked(checkUsername, language),
    CurrentPassword: plain(language).min(1, t('currentPasswordRequired')).max(200),
    NewPassword: checked(checkPassword, language),
    EmailAddress: checked(checkEmail, language),
    PhoneNumber: checked(checkPhone, language),
  });
}
export const initializeInformationSchema = initializeInformationSchemaIn();

/**
 * The forced credential change's form, in the order it shows its fields: the call's fields as
 * typed (username and e-mail trimmed, as the call receives them) and the new password's repeat.
 */
export function initializeInformationFormSchemaIn(t: SignInRuleTexts = inEnglish, language: Language = 'en') {
  const call = initializeInformationSchemaIn(t, language);
  return z
    .object({
      username: z.string().trim().pipe(call.shape.Username),
      currentPassword: call.shape.CurrentPassword,
      email: z.string().trim().pipe(call.shape.EmailAddress),
      phone: call.shape.PhoneNumber,
      newPassword: call.shape.NewPassword,
      confirmation: z.string(),
    })
    .superRefine(confirmationOf('newPassword', language));
}
export const initializeInformationFormSchema = initializeInformationFormSchemaIn();
export type InitializeInformationForm = z.input<typeof initializeInformationFormSchema>;

export function registerExistedUserSchema(language: Language = 'en') {
  return z.object({
    E: plain(language).max(200).default(''),
    V: plain(language).max(200).default(''),
    U: plain(language).max(200).default(''),
    EmailAddress: checked(checkEmail, language),
    Password: checked(checkPassword, language),
    Username: checked(checkUsername, language),
    Language: languageSchema,
  });
}

/*
 * The answers of the account calls (spec 2, section 7). The server's routes write with these and the
 * login, registration, recovery and e-mail pages read their types.
 */

/** An outcome and the message to show. */
export const statusMessageResponseSchema = z.object({ status: z.string(), message: z.string() });
export type StatusMessageResponse = z.infer<typeof statusMessageResponseSchema>;
/**
 * POST /api/account/ResendConfirmEmail: no fields; the account is the one whose login answered
 * notConfirmed a moment ago (its HttpOnly cookie), so the call names no username or e-mail.
 */
export const resendConfirmEmailSchema = z.object({}).strict();
/** succeed (sent again), confirmed (nothing to send) or failed (no such login: log in again), with the text to show. */
export const resendConfirmEmailResponseSchema = z.object({ status: z.enum(['succeed', 'confirmed', 'failed']), message: z.string() });
export type ResendConfirmEmailResponse = z.infer<typeof resendConfirmEmailResponseSchema>;
/** An outcome alone (confirming an e-mail, the short sign-up). */
export const statusResponseSchema = z.object({ status: z.string() });
export type StatusResponse = z.infer<typeof statusResponseSchema>;

/** POST /api/account/Login: succeed, changePassword, notConfirmed or failed, where to go and what to say. */
export const loginResponseSchema = z.object({
  status: z.enum(['succeed', 'changePassword', 'notConfirmed', 'failed']),
  url: z.string(),
  message: z.string(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;
/** POST /api/account/initializeInformation: the forced credential change's outcome. */
export const credentialsResponseSchema = z.object({
  status: z.enum(['succeed', 'failedLogin', 'emailTaken', 'usernameTaken']),
  message: z.string(),
});
export type CredentialsResponse = z.infer<typeof credentialsResponseSchema>;
/** POST /api/account/GetLoginUsername. */
export const loginUsernameResponseSchema = z.object({ status: z.enum(['succeed', 'failed']), name: z.string() });
export type LoginUsernameResponse = z.infer<typeof loginUsernameResponseSchema>;
/** GET /api/account/Logout. */
export const logoutResponseSchema = z.object({ status: z.literal('succeed') });
/** GET /api/account/CheckAuthorize: a missing session answers 401 instead. */
export const checkAuthorizeResponseSchema = z.object({ status: z.literal('authorized') });

/** POST /api/account/findusername. */
export const findUsernameResponseSchema = z.object({ status: z.string(), userName: z.string(), message: z.string() });
export type FindUsernameResponse = z.infer<typeof findUsernameResponseSchema>;

/** POST /api/account/IsInfoExist: whether the e-mail (1) and the phone (2) are taken. */
export const isInfoExistResponseSchema = z.object({ isExists1: z.boolean(), isExists2: z.boolean() });
export type IsInfoExistResponse = z.infer<typeof isInfoExistResponseSchema>;
/** POST /api/account/CheckLocation: the test site for the ZIP code, and whether it is too far from any. */
export const checkLocationResponseSchema = z.object({ siteId: z.string(), tooFar: z.boolean() });
export type CheckLocationResponse = z.infer<typeof checkLocationResponseSchema>;
/** GET /api/account/GetMoreInfo: where the tester heard of us. */
export const moreInfoResponseSchema = z.object({ adsInfo: z.array(z.object({ adName: z.string(), adID: z.string() })) });
export type MoreInfoResponse = z.infer<typeof moreInfoResponseSchema>;
/** GET /api/account/GetRaceList?lang=. */
export const raceListQuerySchema = z.object({ lang: z.enum(['en', 'es']).default('en') });
export const raceListResponseSchema = z.object({ raceInfo: z.array(z.object({ raceName: z.string(), raceID: z.string() })) });
export type RaceListResponse = z.infer<typeof raceListResponseSchema>;
/** POST /api/account/ReEngagement: the outcome, the tester's v and the message. */
export const reEngagementResponseSchema = z.object({ status: z.string(), v: z.string(), message: z.string() });
export type ReEngagementResponse = z.infer<typeof reEngagementResponseSchema>;

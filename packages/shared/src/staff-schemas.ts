import { z } from 'zod';
import { text } from './text.ts';

/**
 * The staff console's calls (issue 12 section 1; decisions 043 and 044): one schema per call,
 * parsed by the server and run by the staff pages' forms. Not part of the testers' spec: the
 * paths sit under /api/staff in the spec's style.
 */

/** What a staff member may do; several per person (decision 043). */
export const STAFF_ROLES = ['admin', 'recruiter', 'site-staff', 'rewards', 'content'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * Whether a staff member holding `roles` may do the work of `role` (decision 049): an admin may
 * do every role's work, since an admin could give themselves any role anyway; the others only
 * their own. The server's scope guard and the console's navigation both ask this.
 */
export const holdsRole = (roles: readonly StaffRole[], role: StaffRole) => roles.includes(role) || roles.includes('admin');

/** Whether a staff route admitting `allowed` admits a staff member holding `roles`. */
export const staffRouteAdmits = (allowed: readonly StaffRole[] | 'any', roles: readonly StaffRole[]) =>
  allowed === 'any' || allowed.some((role) => holdsRole(roles, role));

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  admin: 'Admin',
  recruiter: 'Recruiter',
  'site-staff': 'Site staff',
  rewards: 'Rewards',
  content: 'Content',
};

/** How many single-use recovery codes set-up hands out. */
export const RECOVERY_CODE_COUNT = 10;

export const STAFF_PASSWORD_MIN = 12;
export const STAFF_PASSWORD_MAX = 128;

export const STAFF_TEXTS = {
  loginFailed: 'The e-mail address or password is not right.',
  invalidCharacters: 'This field holds characters that are not allowed.',
  disabled: 'This staff account is disabled. Ask an admin to enable it.',
  setupUnfinished: 'This account has not finished its set-up. Open the set-up link from your e-mail.',
  codeWrong: 'That code is not right. Enter the 6-digit code your authenticator app shows now.',
  codeReplayed: 'That code was already used. Wait for the next code in your authenticator app.',
  recoveryUsed: 'That recovery code was already used. Each recovery code works once.',
  recoveryWrong: 'That recovery code is not right.',
  secondStepExpired: 'Your sign-in took too long. Enter your e-mail and password again.',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  setupLinkInvalid: 'This set-up link is not valid any more. Ask an admin for a new invitation.',
  passwordTooShort: `Use at least ${STAFF_PASSWORD_MIN} characters.`,
  passwordTooLong: `Use at most ${STAFF_PASSWORD_MAX} characters.`,
  passwordsDiffer: 'The passwords do not match.',
  required: 'This field is required.',
  emailInvalid: 'Please enter a valid e-mail address.',
  rolesRequired: 'Choose at least one role.',
  sitesRequired: 'Site staff need at least one site.',
  unknownSites: (siteIds: readonly string[]) =>
    siteIds.length === 1
      ? `There is no test site ${siteIds[0]}. Enter the ids of existing sites.`
      : `There are no test sites ${siteIds.join(', ')}. Enter the ids of existing sites.`,
  emailTaken: 'A staff account with this e-mail address already exists.',
  cannotDisableSelf: 'You cannot disable your own account.',
  cannotDropOwnAdmin: 'You cannot remove your own admin role.',
  noSuchStaff: 'No such staff member.',
  // A new set-up link sent by an admin (decision 073).
  cannotResetSelf:
    'You cannot send yourself a new set-up link: change your password or recovery codes on Your sign-in, or ask another admin.',
  resetDisabled: 'This account is disabled. Enable it first, then send the new set-up link.',
  setupLinkSent: (name: string) =>
    `${name} has a new set-up link by e-mail. Their password, sign-in code, recovery codes and sessions have ended.`,
  resetAction: 'Send a new set-up link',
  resetTitle: (name: string) => `Send ${name} a new set-up link?`,
  resetExplained: (email: string) =>
    `Their password, sign-in code and recovery codes stop working and their sessions end at once. They get an e-mail at ${email} with a link to choose a new password and set up their sign-in code again, as at their invitation. Use this when they lost their phone.`,
  resetConfirm: 'Send the link',
  resetSending: 'Sending…',
  resetCancel: 'Cancel',
} as const;

const email = text(STAFF_TEXTS.invalidCharacters, { error: STAFF_TEXTS.required })
  .trim()
  .min(1, STAFF_TEXTS.required)
  .max(200, STAFF_TEXTS.emailInvalid)
  .pipe(z.email({ error: STAFF_TEXTS.emailInvalid }));
const password = text(STAFF_TEXTS.invalidCharacters, { error: STAFF_TEXTS.required })
  .min(1, STAFF_TEXTS.required)
  .min(STAFF_PASSWORD_MIN, STAFF_TEXTS.passwordTooShort)
  .max(STAFF_PASSWORD_MAX, STAFF_TEXTS.passwordTooLong);
const name = text(STAFF_TEXTS.invalidCharacters, { error: STAFF_TEXTS.required }).trim().min(1, STAFF_TEXTS.required).max(100);
const siteId = text(STAFF_TEXTS.invalidCharacters).trim().min(1).max(10);

/** A TOTP code (6 digits, spaces allowed) or a recovery code (letters and digits, dashes allowed). */
export const staffCodeSchema = text(STAFF_TEXTS.invalidCharacters, { error: STAFF_TEXTS.required })
  .trim()
  .min(1, STAFF_TEXTS.required)
  .max(40, STAFF_TEXTS.codeWrong);

const rolesAndSites = z
  .object({
    roles: z.array(z.enum(STAFF_ROLES)).min(1, STAFF_TEXTS.rolesRequired).max(STAFF_ROLES.length),
    siteIds: z.array(siteId).max(20).default([]),
  })
  .refine((value) => !value.roles.includes('site-staff') || value.siteIds.length > 0, {
    path: ['siteIds'],
    message: STAFF_TEXTS.sitesRequired,
  });

/** POST /staff/Login: the first step. */
export const staffLoginSchema = z.object({
  email,
  password: text(STAFF_TEXTS.invalidCharacters, { error: STAFF_TEXTS.required }).min(1, STAFF_TEXTS.required).max(200),
});
export type StaffLoginPayload = z.infer<typeof staffLoginSchema>;
export const staffLoginResponseSchema = z.object({
  status: z.enum(['secondFactor', 'failed', 'disabled', 'setupUnfinished']),
  message: z.string(),
});

/** POST /staff/LoginCode: the second step, a TOTP code or a recovery code. */
export const staffLoginCodeSchema = z.object({ code: staffCodeSchema });
export type StaffLoginCodePayload = z.infer<typeof staffLoginCodeSchema>;
export const staffLoginCodeResponseSchema = z.object({
  status: z.enum(['succeed', 'codeWrong', 'codeReplayed', 'recoveryUsed', 'expired', 'disabled']),
  message: z.string(),
});

/** POST /staff/setup/Check: is the set-up link good, and whose is it. */
export const staffSetupTokenSchema = z.object({ token: text(STAFF_TEXTS.invalidCharacters).min(1).max(200) });
export const staffSetupCheckResponseSchema = z.object({
  status: z.enum(['succeed', 'invalid']),
  message: z.string(),
  name: z.string(),
  email: z.string(),
});

/** POST /staff/setup/Password: the password, then the TOTP secret to enrol. */
export const staffSetupPasswordSchema = z
  .object({
    token: text(STAFF_TEXTS.invalidCharacters).min(1).max(200),
    password,
    confirmPassword: text(STAFF_TEXTS.invalidCharacters).max(STAFF_PASSWORD_MAX),
  })
  .refine((value) => value.password === value.confirmPassword, { path: ['confirmPassword'], message: STAFF_TEXTS.passwordsDiffer });
export type StaffSetupPasswordPayload = z.infer<typeof staffSetupPasswordSchema>;
export const staffSetupPasswordResponseSchema = z.object({
  status: z.enum(['succeed', 'invalid']),
  message: z.string(),
  otpauthUri: z.string(),
  secret: z.string(),
});

/** POST /staff/setup/Confirm: a valid code finishes enrolment; the recovery codes are shown once. */
export const staffSetupConfirmSchema = z.object({ token: text(STAFF_TEXTS.invalidCharacters).min(1).max(200), code: staffCodeSchema });
export type StaffSetupConfirmPayload = z.infer<typeof staffSetupConfirmSchema>;
export const staffSetupConfirmResponseSchema = z.object({
  status: z.enum(['succeed', 'invalid', 'codeWrong']),
  message: z.string(),
  recoveryCodes: z.array(z.string()),
});

/** GET /staff/Me: who is logged in. */
export const staffMeResponseSchema = z.object({
  status: z.literal('succeed'),
  id: z.string(),
  name: z.string(),
  email: z.string(),
  roles: z.array(z.enum(STAFF_ROLES)),
  siteIds: z.array(z.string()),
});
export type StaffMe = z.infer<typeof staffMeResponseSchema>;

export const staffStatusResponseSchema = z.object({ status: z.enum(['succeed', 'failed']), message: z.string() });

/** The answer of a change to a staff account (an invitation, a roles save, one's own sign-in): a refusal about one field names it. */
export const staffAccountChangeResponseSchema = staffStatusResponseSchema.extend({
  field: z.string().optional().meta({ description: "The form field the refusal is about ('siteIds', 'currentPassword', 'code')" }),
});
export type StaffAccountChangeResponse = z.infer<typeof staffAccountChangeResponseSchema>;

/** POST /staff/admin/Invite. */
export const staffInviteSchema = z.object({ name, email }).and(rolesAndSites);
export type StaffInvitePayload = z.infer<typeof staffInviteSchema>;

/** POST /staff/admin/SetRoles. */
export const staffSetRolesSchema = z.object({ staffId: z.uuid() }).and(rolesAndSites);
export type StaffSetRolesPayload = z.infer<typeof staffSetRolesSchema>;

/** POST /staff/admin/SetDisabled. */
export const staffSetDisabledSchema = z.object({ staffId: z.uuid(), disabled: z.boolean() });
export type StaffSetDisabledPayload = z.infer<typeof staffSetDisabledSchema>;

/** POST /staff/admin/ResetSignIn: another member's account back to set-up, the new link e-mailed (decision 073). */
export const staffResetSignInSchema = z.object({ staffId: z.uuid() });
export type StaffResetSignInPayload = z.infer<typeof staffResetSignInSchema>;

/** GET /staff/admin/StaffList. */
export const staffListResponseSchema = z.object({
  status: z.literal('succeed'),
  staff: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      email: z.string(),
      roles: z.array(z.enum(STAFF_ROLES)),
      siteIds: z.array(z.string()),
      state: z.enum(['active', 'invited', 'disabled']),
      createdAt: z.string(),
    }),
  ),
});
export type StaffListEntry = z.infer<typeof staffListResponseSchema>['staff'][number];

/** GET /staff/admin/AuditLog: newest first, filtered by staff member, action and date (YYYY-MM-DD, UTC days). */
export const staffAuditQuerySchema = z.object({
  staffId: z.uuid().optional(),
  action: text(STAFF_TEXTS.invalidCharacters).trim().max(60).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type StaffAuditQuery = z.input<typeof staffAuditQuerySchema>;
/** GET /staff/admin/AuditLog.csv: the same filters, no page (decision 127). */
export const staffAuditExportQuerySchema = staffAuditQuerySchema.omit({ page: true });
export const staffAuditResponseSchema = z.object({
  status: z.literal('succeed'),
  page: z.number(),
  hasMore: z.boolean(),
  actions: z.array(z.string()),
  entries: z.array(
    z.object({
      id: z.number(),
      at: z.string(),
      staffId: z.string().nullable(),
      staffName: z.string(),
      action: z.string(),
      targetType: z.string(),
      targetId: z.string(),
      /** The target by name ("Tester Ana Ruiz (…1a2b)", "Study 24101 Orange", "(deleted)"); empty for a kind not named. */
      targetName: z.string(),
      before: z.unknown(),
      after: z.unknown(),
    }),
  ),
});
export type StaffAuditEntry = z.infer<typeof staffAuditResponseSchema>['entries'][number];

// ---------------------------------------------------------------- the staff member's own account (decision 072)

export const STAFF_ACCOUNT_TEXTS = {
  currentPasswordWrong: 'Your current password is not right.',
  samePassword: 'Choose a new password, not the one you have now.',
  passwordChanged: 'Your password is changed. Your other sessions have ended.',
  codesMade: 'Here are your new recovery codes; the old ones no longer work. Keep them somewhere safe: they are shown once.',
  totpOnly: 'Enter the 6-digit code your authenticator app shows now (a recovery code does not work here).',
  moveStarted:
    'Add this key to the authenticator app on your new phone, then enter the code it shows. Until then, your old phone keeps working.',
  moveExpired: 'This move has expired or was already finished: start again with your current password and a code.',
  moved: 'Your authenticator is moved: sign in with codes from your new phone. Your other sessions have ended.',
} as const;

/** A TOTP code, as the own-account changes ask for it: a recovery code is refused there. */
const totpCode = staffCodeSchema.refine((value) => /^\d{6}$/.test(value.replace(/\s/g, '')), STAFF_ACCOUNT_TEXTS.totpOnly);

/** POST /staff/account/ChangePassword: the current password and a TOTP code, then the new one twice. */
export const staffChangePasswordSchema = z
  .object({
    currentPassword: text(STAFF_TEXTS.invalidCharacters, { error: STAFF_TEXTS.required }).min(1, STAFF_TEXTS.required).max(200),
    password,
    confirmPassword: text(STAFF_TEXTS.invalidCharacters).max(STAFF_PASSWORD_MAX),
    code: totpCode,
  })
  .refine((value) => value.password === value.confirmPassword, { path: ['confirmPassword'], message: STAFF_TEXTS.passwordsDiffer })
  .refine((value) => value.password !== value.currentPassword, { path: ['password'], message: STAFF_ACCOUNT_TEXTS.samePassword });
export type StaffChangePasswordPayload = z.infer<typeof staffChangePasswordSchema>;

/** POST /staff/account/NewRecoveryCodes: a TOTP code; the answer holds the new codes, shown once. */
export const staffNewRecoveryCodesSchema = z.object({ code: totpCode });
export type StaffNewRecoveryCodesPayload = z.infer<typeof staffNewRecoveryCodesSchema>;
export const staffNewRecoveryCodesResponseSchema = staffAccountChangeResponseSchema.extend({ recoveryCodes: z.array(z.string()) });
export type StaffNewRecoveryCodesResponse = z.infer<typeof staffNewRecoveryCodesResponseSchema>;

/**
 * POST /staff/account/StartAuthenticatorMove (decision 128): the current password and a code from the
 * current authenticator; the answer holds a new secret to enrol and the sealed token that carries it
 * to the confirmation. Nothing changes until FinishAuthenticatorMove.
 */
export const staffStartAuthenticatorMoveSchema = z.object({
  currentPassword: text(STAFF_TEXTS.invalidCharacters, { error: STAFF_TEXTS.required }).min(1, STAFF_TEXTS.required).max(200),
  code: totpCode,
});
export type StaffStartAuthenticatorMovePayload = z.infer<typeof staffStartAuthenticatorMoveSchema>;
export const staffStartAuthenticatorMoveResponseSchema = staffAccountChangeResponseSchema.extend({
  secret: z.string(),
  otpauthUri: z.string(),
  moveToken: z.string().meta({ description: 'The new secret sealed for the confirmation (10 minutes); sent back as it is.' }),
});
export type StaffStartAuthenticatorMoveResponse = z.infer<typeof staffStartAuthenticatorMoveResponseSchema>;

/** POST /staff/account/FinishAuthenticatorMove: the token from the start and a code from the new authenticator. */
export const staffFinishAuthenticatorMoveSchema = z.object({
  moveToken: text(STAFF_ACCOUNT_TEXTS.moveExpired, { error: STAFF_ACCOUNT_TEXTS.moveExpired })
    .min(1, STAFF_ACCOUNT_TEXTS.moveExpired)
    .max(1000, STAFF_ACCOUNT_TEXTS.moveExpired),
  code: totpCode,
});
export type StaffFinishAuthenticatorMovePayload = z.infer<typeof staffFinishAuthenticatorMoveSchema>;

/** GET /staff/account/RecoveryCodes: how many of the member's recovery codes are still unused. */
export const staffRecoveryCodesLeftResponseSchema = z.object({
  status: z.literal('succeed'),
  unused: z.number().int(),
  total: z.number().int(),
});
export type StaffRecoveryCodesLeftResponse = z.infer<typeof staffRecoveryCodesLeftResponseSchema>;

/** POST /api/staff/Logout: the session ended and its cookie cleared. */
export const staffLogoutResponseSchema = z.object({ status: z.literal('succeed') });

import { z } from 'zod';
import { message, type Language } from './account-messages.ts';
import { LIMITS, checkPassword, checkPasswordConfirmation, checkPhone, checkRequired, checkZip } from './account-rules.ts';
import { checked } from './account-schemas.ts';
import en from './locales/en/account-settings.json' with { type: 'json' };
import { text } from './text.ts';

/**
 * The account settings calls (spec 3, sections 5, 7 "Settings" and 8 "Contact and password";
 * decision 035): one schema per call, parsed by the server and run by the form.
 */

export const ACCOUNT_SETTINGS_TEXTS = {
  contactFailed: en.contactFailed,
  contactSaved: en.contactSaved,
  passwordFailedTitle: en.passwordFailedTitle,
  passwordFailedBody: en.passwordFailedBody,
  passwordChanged: en.passwordChanged,
  currentPasswordRequired: en.currentPasswordRequired,
};

/**
 * POST /account/ChangeContact: address, city, a 5-digit zip and a 10-digit phone, all required;
 * the messages in a language (the form shows the tester's, the server parses with English).
 */
export const contactSchemaIn = (language: Language) =>
  z.object({
    address: checked((value) => checkRequired(value, LIMITS.addressMax), language),
    city: checked((value) => checkRequired(value, LIMITS.cityMax), language),
    zipCode: checked(checkZip, language),
    phone: checked(checkPhone, language),
  });
export const changeContactSchema = contactSchemaIn('en');
export type ChangeContactPayload = z.infer<typeof changeContactSchema>;

export const changeContactResponseSchema = z.object({ status: z.enum(['succeed', 'failed']) });
export type ChangeContactResponse = z.infer<typeof changeContactResponseSchema>;

/** GET /account/GetContact (not in the spec, decision 035): the contact as stored, the phone read back as homeNo. */
export const contactInfoResponseSchema = z.object({
  status: z.literal('succeed'),
  address: z.string(),
  city: z.string(),
  zipCode: z.string(),
  homeNo: z.string(),
});
export type ContactInfoResponse = z.infer<typeof contactInfoResponseSchema>;

/**
 * POST /account/ChangePassword: the current password and a new one by the registration's rule (one
 * rule), the messages in a language; "current password is required" is the caller's text (the web
 * has it in the tester's language, account-settings.json).
 */
const passwordSchemaIn = (language: Language, currentPasswordRequired: string) =>
  z.object({
    currentPassword: text(message('invalidCharacters', language), { error: () => currentPasswordRequired })
      .min(1, currentPasswordRequired)
      .max(200),
    newPassword: checked(checkPassword, language),
  });
export const changePasswordSchema = passwordSchemaIn('en', ACCOUNT_SETTINGS_TEXTS.currentPasswordRequired);
export type ChangePasswordPayload = z.infer<typeof changePasswordSchema>;

/** The password form: the call's payload plus the confirmation, which must equal the new password. */
export const changePasswordFormSchemaIn = (language: Language, currentPasswordRequired: string) =>
  passwordSchemaIn(language, currentPasswordRequired)
    .extend({ confirmPassword: z.string() })
    .superRefine((values, context) => {
      const problem = checkPasswordConfirmation(values.newPassword, values.confirmPassword);
      if (problem) context.addIssue({ code: 'custom', path: ['confirmPassword'], message: message(problem, language) });
    });
export type ChangePasswordForm = z.input<ReturnType<typeof changePasswordFormSchemaIn>>;

export const changePasswordResponseSchema = z.object({ status: z.enum(['succeed', 'failed']) });
export type ChangePasswordResponse = z.infer<typeof changePasswordResponseSchema>;

/** GET /account/GetPasswordAge (decision 035): when the password last changed and whether a change is recommended. */
export const passwordAgeResponseSchema = z.object({
  status: z.literal('succeed'),
  passwordChangedAt: z.string(),
  changeRecommended: z.boolean(),
  /** PASSWORD_REMINDER_MONTHS (6 by default): the reminder's wording follows it. */
  reminderMonths: z.number().int(),
});

export type PasswordAgeResponse = z.infer<typeof passwordAgeResponseSchema>;

/** The contact channels, as the spec names them; NoText is the text-message channel. */
export const CONTACT_TYPES = ['Phone', 'NoText', 'Email'] as const;
export type ContactType = (typeof CONTACT_TYPES)[number];

/** The lock after a toggle (spec 3, section 9). */
export const CONTACT_TOGGLE_LOCK_MS = 1000;

export const contactSettingSchema = z.object({
  contactType: z.enum(CONTACT_TYPES, { message: 'Choose Phone, NoText or Email.' }),
  isTurnOn: z.boolean({ error: 'isTurnOn must be true or false.' }),
});
export type ContactSetting = z.infer<typeof contactSettingSchema>;

export const contactSettingsResponseSchema = z.object({ status: z.literal('succeed'), contactTypes: z.array(contactSettingSchema) });
export type ContactSettingsResponse = z.infer<typeof contactSettingsResponseSchema>;

export const changeContactSettingResponseSchema = z.object({
  status: z.literal('succeed'),
  contactType: z.enum(CONTACT_TYPES),
  isTurnOn: z.boolean(),
});
export type ChangeContactSettingResponse = z.infer<typeof changeContactSettingResponseSchema>;

/** GET /profile/GetSMSContactSetting: whether text messages are on. */
export const smsContactSettingResponseSchema = z.object({ status: z.literal('succeed'), smsSetting: z.boolean() });
export type SmsContactSettingResponse = z.infer<typeof smsContactSettingResponseSchema>;

/** POST /api/account/ChangeLanguage (not in the spec; issue 28): the tester's language for every page and e-mail. */
export const changeLanguageSchema = z.object({ language: z.enum(['en', 'es']) });
export type ChangeLanguagePayload = z.infer<typeof changeLanguageSchema>;
export const changeLanguageResponseSchema = z.object({ status: z.enum(['succeed', 'failed']), language: z.enum(['en', 'es']) });
export type ChangeLanguageResponse = z.infer<typeof changeLanguageResponseSchema>;

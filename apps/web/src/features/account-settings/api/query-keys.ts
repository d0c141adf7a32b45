/** The account settings feature's query keys, all in one place (decision 012). */
export const accountSettingsKeys = {
  all: ['account-settings'] as const,
  /** GetContact: the stored contact (the contact page's values). */
  contact: () => [...accountSettingsKeys.all, 'contact'] as const,
  /** CheckLocation: the test site of one zip. */
  location: (zip: string) => [...accountSettingsKeys.all, 'location', zip] as const,
  /** GetPasswordAge: when the password changed and whether a change is recommended. */
  passwordAge: () => [...accountSettingsKeys.all, 'password-age'] as const,
  /** The password reminder's code (a chunk loaded when it is due): apart from passwordAge, which a change invalidates. */
  passwordReminderCode: () => [...accountSettingsKeys.all, 'password-reminder-code'] as const,
  /** GetContactSetting: the three channels' choices. */
  contactSettings: () => [...accountSettingsKeys.all, 'contact-settings'] as const,
  /** GetSMSContactSetting: whether text messages are on. */
  smsSetting: () => [...accountSettingsKeys.all, 'sms-setting'] as const,
};

export const accountSettingsMutationKeys = {
  changeContact: ['account-settings', 'change-contact'] as const,
  changePassword: ['account-settings', 'change-password'] as const,
  changeContactSetting: ['account-settings', 'change-contact-setting'] as const,
  changeLanguage: ['account-settings', 'change-language'] as const,
};

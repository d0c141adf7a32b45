import { message, type Language } from '@testerhub/shared/account-messages';
import { AD_OTHER, DEFAULT_BEST_CONTACT_TIME, TOO_FAR_SITE_IDS } from '@testerhub/shared/account-rules';
import type { AppConfig } from '../config/env.ts';
import { confirmEmailMessage } from '../mail/templates.ts';
import type { AccountLookupRepository } from '../repositories/account-lookup-repository.ts';
import { uniqueViolation, type TesterRepository } from '../repositories/tester-repository.ts';
import { hashPassword } from '../security/passwords.ts';
import { hashToken, randomToken } from '../security/tokens.ts';
import type { MailService } from './mail-service.ts';

/** Site id for a zip with no test site near: only online-only studies (spec 2, 5). */
export const ONLINE_ONLY_SITE_ID = TOO_FAR_SITE_IDS[0];

export interface RegistrationInput {
  username: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  zipCode: string;
  address: string;
  city: string;
  state: string;
  sex: string;
  phone: string;
  raceId: string;
  adId: string;
  adDetail: string;
  birthDate: string;
  referralCode: string;
  contactBestTimeFrom: string;
  contactBestTimeTo: string;
  language: Language;
}

export type RegistrationResult =
  { status: 'succeed'; testerId: string } | { status: 'usernameTaken' | 'emailTaken' | 'failed'; message: string };

export function createRegistrationService(deps: {
  testers: TesterRepository;
  lookups: AccountLookupRepository;
  mail: MailService;
  config: Pick<AppConfig, 'welcomeCoins' | 'confirmCodeTtlHours'>;
}) {
  const { testers, lookups, mail, config } = deps;

  async function siteForZip(zip: string): Promise<string> {
    return (await lookups.siteForZipPrefix(zip.slice(0, 3))) ?? ONLINE_ONLY_SITE_ID;
  }

  /**
   * Creates the account, credits the welcome coins and queues the confirmation e-mail. Two
   * registrations racing for one username or e-mail: the unique index lets one through.
   */
  async function register(input: RegistrationInput): Promise<RegistrationResult> {
    const language = input.language;
    const passwordHash = await hashPassword(input.password);
    const code = randomToken();
    const expiresAt = new Date(Date.now() + config.confirmCodeTtlHours * 3600_000);
    let created;
    try {
      created = await testers.insertWithWelcomeCoins(
        {
          username: input.username.trim(),
          email: input.email.trim(),
          passwordHash,
          firstName: input.firstName.trim(),
          lastName: input.lastName.trim(),
          zipCode: input.zipCode,
          address: input.address.trim(),
          city: input.city.trim(),
          state: input.state,
          sex: input.sex,
          phone: input.phone,
          raceId: input.raceId,
          adId: input.adId,
          adDetail: input.adDetail.trim(),
          birthDate: input.birthDate,
          referralCode: input.referralCode,
          contactBestTimeFrom: input.contactBestTimeFrom,
          contactBestTimeTo: input.contactBestTimeTo,
          language,
          siteId: await siteForZip(input.zipCode),
        },
        config.welcomeCoins,
        { codeHash: hashToken(code), expiresAt },
      );
    } catch (error) {
      const index = uniqueViolation(error);
      if (index === 'testers_username_lower') return { status: 'usernameTaken', message: message('usernameTaken', language) };
      if (index === 'testers_email_lower') return { status: 'emailTaken', message: message('emailTaken', language) };
      throw error;
    }
    await mail.queue(
      confirmEmailMessage({
        to: created.email,
        firstName: created.firstName,
        username: created.username,
        language,
        link: mail.link('/community/checkConfirmEmail', { t: created.id, r: code, e: 'confirm' }),
      }),
    );
    return { status: 'succeed', testerId: created.id };
  }

  return {
    siteForZip,

    async isInfoExist(username: string, email: string) {
      const { usernameTaken, emailTaken } = await testers.usernameOrEmailTaken(username.trim(), email.trim());
      return { isExists1: usernameTaken, isExists2: emailTaken };
    },

    listAdSources: () => lookups.listAdSources(),

    register,

    /** A known tester's registration code and phone give back v, which the Complete page sends back. */
    async reEngagement(code: string, phone: string, language: Language) {
      const record = await lookups.findReEngagement(code, phone);
      if (!record || record.usedAt) return { status: 'failed' as const, message: message('reEngagementInvalid', language) };
      return { status: 'succeed' as const, v: record.v };
    },

    /** The short sign-up form's partial profile, kept as a lead so Tester Services can follow up. */
    async saveSignUpLead(lead: { firstName: string; lastName: string; phone: string; email: string }) {
      await lookups.insertLead({ ...lead, firstName: lead.firstName.trim(), lastName: lead.lastName.trim() });
      return { status: 'succeed' as const };
    },

    /**
     * Turns a tester known from before the site into an online account: the profile comes from
     * the record behind v (or the link's u); the visitor chooses username and password.
     */
    async registerExistedUser(input: {
      v: string;
      e: string;
      email: string;
      username: string;
      password: string;
      language: Language;
    }): Promise<RegistrationResult> {
      const { language } = input;
      const record = await lookups.findReEngagementByV(input.v);
      const emailMatches = !input.e || (record && record.email.toLowerCase() === input.e.toLowerCase());
      if (!record || record.usedAt || !emailMatches) return { status: 'failed', message: message('registrationFailed', language) };
      if (!(await lookups.claimReEngagement(record.v))) return { status: 'failed', message: message('registrationFailed', language) };
      const result = await register({
        username: input.username,
        email: input.email,
        password: input.password,
        firstName: record.firstName,
        lastName: record.lastName,
        zipCode: record.zipCode,
        address: record.address,
        city: record.city,
        state: record.state,
        sex: record.sex,
        phone: record.phone,
        raceId: record.raceId,
        adId: AD_OTHER,
        adDetail: 'Existing tester',
        birthDate: record.birthDate,
        referralCode: '',
        contactBestTimeFrom: DEFAULT_BEST_CONTACT_TIME.from,
        contactBestTimeTo: DEFAULT_BEST_CONTACT_TIME.to,
        language,
      });
      if (result.status !== 'succeed') await lookups.releaseReEngagement(record.v);
      return result;
    },
  };
}

export type RegistrationService = ReturnType<typeof createRegistrationService>;

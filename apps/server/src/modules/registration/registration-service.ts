import { message, type Language } from '@testerhub/shared/account-messages';
import { signInTexts } from '@testerhub/shared/sign-in-texts';
import type { ResendConfirmEmailResponse } from '@testerhub/shared/account-schemas';
import { AD_OTHER, DEFAULT_BEST_CONTACT_TIME, TOO_FAR_SITE_IDS } from '@testerhub/shared/account-rules';
import type { AppConfig } from '../../core/config/env.ts';
import type { Clock } from '../../core/clock.ts';
import { afterCommit, inTransaction, type Database, type Executor } from '../../core/db/client.ts';
import type { BusinessCounters } from '../../core/metrics/app-metrics.ts';
import { confirmEmailMessage } from '../mail/mail-service.ts';
import { uniqueViolation, type TesterService } from '../testers/tester-service.ts';
import type { LedgerService } from '../ledger/ledger-service.ts';
import { createRegistrationRepository } from './registration-repository.ts';
import { hashPassword } from '../../core/security/passwords.ts';
import { TooManyRequestsError } from '../../core/errors.ts';
import { hashToken, randomToken } from '../../core/security/tokens.ts';
import type { MailService } from '../mail/mail-service.ts';
import type { ReferralService } from '../referral/referral-service.ts';
import type { TermsService } from '../terms/terms-service.ts';

/** Site id for a zip with no test site near: only online-only studies (spec 2, 5). */
export const ONLINE_ONLY_SITE_ID = TOO_FAR_SITE_IDS[0];

/**
 * The ZIP prefix table on the caller's executor, for the staff console's test sites (decision 069):
 * list, add (refused by the primary key when another site holds it), remove, remove a site's all.
 */
function zipPrefixesOn(db: Executor) {
  const repository = createRegistrationRepository(db, () => {
    throw new Error('The ZIP prefix calls read no time.');
  });
  return {
    list: () => repository.listZipPrefixes(),
    holderOf: (prefix: string) => repository.siteForZipPrefix(prefix),
    add: (prefix: string, siteId: string) => repository.insertZipPrefix(prefix, siteId),
    remove: (prefix: string, siteId: string) => repository.deleteZipPrefix(prefix, siteId),
    removeAllOf: (siteId: string) => repository.deleteZipPrefixesOf(siteId),
    siteIds: () => repository.zipSiteIds(),
  };
}
export type ZipPrefixes = ReturnType<typeof zipPrefixesOn>;

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
  /**
   * The terms checkbox was ticked (step 3): the terms version in force is recorded as accepted in the
   * registration's own transaction (decision 041). registerExistedUser's form has no checkbox: that
   * tester is asked at the first portal visit.
   */
  acceptedTerms?: boolean;
}

export type RegistrationResult =
  { status: 'succeed'; testerId: string } | { status: 'usernameTaken' | 'emailTaken' | 'failed'; message: string };

/** Why the welcome coins were paid (the ledger's reason; the reference is the new tester's id). */
export const WELCOME_GIFT_REASON = 'welcome-gift';

export function createRegistrationService(
  db: Database,
  deps: {
    testers: TesterService;
    ledger: LedgerService;
    mail: MailService;
    clock: Clock;
    config: Pick<AppConfig, 'welcomeCoins' | 'confirmCodeTtlHours'>;
    /** A registration with a referral code moves that referral to Registered (decision 036); absent in a few tests. */
    referrals?: Pick<ReferralService, 'registeredThroughCode'>;
    /** Records the terms version a new account accepted (decision 041); absent in a few tests. */
    terms?: Pick<TermsService, 'recordCurrent'>;
    /** Counts registrations once committed (decision 094); absent in a few tests. */
    counters?: Pick<BusinessCounters, 'registrations'>;
  },
) {
  const { testers, ledger, mail, clock, config } = deps;
  const lookups = createRegistrationRepository(db, () => clock.now());

  // Inside a unit of work every query goes through its transaction: on PGlite a query outside
  // it would wait for the transaction to end, and the transaction for the query.
  const lookupsOn = (tx?: Executor) => (tx ? createRegistrationRepository(tx, () => clock.now()) : lookups);

  /** A new confirmation code for the tester and its e-mail in the outbox, inside the caller's unit of work. */
  async function queueConfirmation(
    tester: { id: string; email: string; firstName: string; username: string },
    language: Language,
    unit: Executor,
  ) {
    const code = randomToken();
    await testers.issueToken(
      tester.id,
      'confirm-email',
      hashToken(code),
      new Date(clock.nowMs() + config.confirmCodeTtlHours * 3600_000),
      unit,
    );
    await mail.queue(
      confirmEmailMessage({
        to: tester.email,
        firstName: tester.firstName,
        username: tester.username,
        language,
        link: mail.link('/community/checkConfirmEmail', { t: tester.id, r: code, e: 'confirm' }),
      }),
      unit,
    );
  }

  async function siteForZip(zip: string, tx?: Executor): Promise<string> {
    return (await lookupsOn(tx).siteForZipPrefix(zip.slice(0, 3))) ?? ONLINE_ONLY_SITE_ID;
  }

  /**
   * The zip's site read inside the caller's transaction, its prefix row share-locked until the
   * commit: a removal of the site waits for the tester written there and counts them, or this finds
   * the prefix gone and gives online only (decision 071).
   */
  async function lockedSiteForZip(zip: string, tx: Executor): Promise<string> {
    return (await lookupsOn(tx).lockedSiteForZipPrefix(zip.slice(0, 3))) ?? ONLINE_ONLY_SITE_ID;
  }

  /**
   * One unit of work: the account, its confirmation code, the welcome coins (through the ledger)
   * and the confirmation e-mail's outbox row commit together or not at all. Two registrations
   * racing for one username or e-mail: the unique index lets one through. `tx` joins a larger
   * unit of work (registerExistedUser's claim of the known tester's record).
   */
  async function register(input: RegistrationInput, tx?: Executor): Promise<RegistrationResult> {
    const language = input.language;
    const passwordHash = await hashPassword(input.password);
    try {
      const created = await inTransaction(
        db,
        async (unit) => {
          const siteId = await lockedSiteForZip(input.zipCode, unit);
          const tester = await testers.create(
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
              siteId,
            },
            unit,
          );
          if (input.referralCode) await deps.referrals?.registeredThroughCode(input.referralCode, tester.id, unit);
          if (input.acceptedTerms) await deps.terms?.recordCurrent(tester.id, unit);
          if (config.welcomeCoins > 0) {
            await ledger.record(
              { testerId: tester.id, coins: config.welcomeCoins, experience: 0, reason: WELCOME_GIFT_REASON, reference: tester.id },
              unit,
            );
          }
          await queueConfirmation(tester, language, unit);
          afterCommit(unit, () => deps.counters?.registrations.inc());
          return tester;
        },
        tx,
      );
      return { status: 'succeed', testerId: created.id };
    } catch (error) {
      const index = uniqueViolation(error);
      if (index === 'testers_username_lower') return { status: 'usernameTaken', message: message('usernameTaken', language) };
      if (index === 'testers_email_lower') return { status: 'emailTaken', message: message('emailTaken', language) };
      throw error;
    }
  }

  return {
    /** The ZIP prefix table in the caller's unit of work (or on the database): the staff console's test sites (decision 069). */
    zipPrefixesOn,
    /** The tester's part of the data export (decision 040): sign-up forms and the pre-site record under their address. */
    exportData: (email: string) => lookups.exportFor(email),

    /** Account deletion (decision 040): the sign-up forms and the pre-site record under the address go, in the caller's unit of work. */
    forgetEmail: (email: string, tx: Executor) => lookupsOn(tx).deleteFor(email),

    siteForZip: (zip: string) => siteForZip(zip),

    /**
     * The confirmation e-mail again, with a new code, for the login that answered notConfirmed
     * (`resendToken`, its cookie; used once). The call names no account, so it tells nothing of
     * one; `mayResend` is the caller's limit per tester, counted only for a real login's token.
     */
    async resendConfirmation(
      resendToken: string | undefined,
      mayResend: (testerId: string, within: Executor) => Promise<boolean>,
      /** The answer's (the login page's, decision 118); the e-mail is in the tester's own. */
      language: Language = 'en',
    ): Promise<ResendConfirmEmailResponse> {
      const t = signInTexts(language);
      const expired = { status: 'failed', message: t('confirmationResendExpired') } as const;
      if (!resendToken) return expired;
      const testerId = await testers.testerForToken(hashToken(resendToken), 'resend-confirmation');
      const tester = testerId ? await testers.findById(testerId) : null;
      if (!tester) return expired;
      if (tester.emailConfirmedAt) return { status: 'confirmed', message: t('alreadyConfirmed') };
      // The token is claimed before the limit counts, so requests racing on one login spend one of
      // the tester's sends, not one each; a refusal rolls the claim back.
      const sent = await inTransaction(db, async (unit) => {
        if (!(await testers.consumeToken(hashToken(resendToken), 'resend-confirmation', tester.id, unit))) return false;
        if (!(await mayResend(tester.id, unit))) throw new TooManyRequestsError(message('tooManyRequests', language));
        await queueConfirmation(tester, tester.language === 'es' ? 'es' : 'en', unit);
        return true;
      });
      return sent ? { status: 'succeed', message: t('confirmationResent') } : expired;
    },
    lockedSiteForZip,

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
      // One unit of work: the record is claimed only if the account is created with it.
      const refused = (result: RegistrationResult) => Object.assign(new Error('registration refused'), { result });
      try {
        return await inTransaction(db, async (unit) => {
          if (!(await lookupsOn(unit).claimReEngagement(record.v)))
            throw refused({ status: 'failed', message: message('registrationFailed', language) });
          const result = await register(
            {
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
            },
            unit,
          );
          if (result.status !== 'succeed') throw refused(result);
          return result;
        });
      } catch (error) {
        const result = (error as { result?: RegistrationResult }).result;
        if (result) return result;
        throw error;
      }
    },
  };
}

export type RegistrationService = ReturnType<typeof createRegistrationService>;

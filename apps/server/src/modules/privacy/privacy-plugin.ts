import { defineModule } from '../../core/modules/app-module.ts';
import { privacyRoutes } from './privacy-routes.ts';
import { createPrivacyService, type ExportPart } from './privacy-service.ts';

type PrivacyDeps = Parameters<typeof createPrivacyService>[1];
/** A module's part of the export, by the tester's id (most) or e-mail address (registration, mail). */
type ExportsById = { exportData: (testerId: string) => ReturnType<ExportPart> };
type ExportsByEmail = { exportData: (email: string) => ReturnType<ExportPart> };

/**
 * Download my data and delete my account (decision 040): each module gives its own part and
 * forgets its own rows, so privacy comes after every module whose rows it exports.
 */
export const privacyModule = defineModule({
  name: 'privacy',
  build(
    needs: Pick<PrivacyDeps, 'rateLimits'> & {
      testers: ExportsById & PrivacyDeps['testers'];
      auth: ExportsById & PrivacyDeps['auth'];
      scheduling: ExportsById & PrivacyDeps['scheduling'];
      referrals: ExportsById & PrivacyDeps['referrals'];
      registration: ExportsByEmail & PrivacyDeps['registration'];
      mail: ExportsByEmail & PrivacyDeps['mail'];
      profile: ExportsById;
      aboutMe: ExportsById;
      quickSurveys: ExportsById;
      studies: ExportsById;
      screening: ExportsById;
      studyLinks: ExportsById;
      children: ExportsById;
      ledger: ExportsById;
      redeem: ExportsById;
      dailyBonus: ExportsById;
      winners: ExportsById;
      perks: ExportsById;
      leaderboard: ExportsById;
      recovery: ExportsById;
      terms: ExportsById;
    },
    { db, clock, config, sessionCookie },
  ) {
    const { testers, auth, scheduling, referrals, registration, mail, rateLimits } = needs;
    const privacy = createPrivacyService(db, {
      clock,
      // In the order the file lists them.
      exportParts: [
        (tester) => testers.exportData(tester.id),
        (tester) => auth.exportData(tester.id),
        (tester) => needs.profile.exportData(tester.id),
        (tester) => needs.aboutMe.exportData(tester.id),
        (tester) => needs.quickSurveys.exportData(tester.id),
        (tester) => needs.studies.exportData(tester.id),
        (tester) => needs.screening.exportData(tester.id),
        (tester) => needs.studyLinks.exportData(tester.id),
        (tester) => scheduling.exportData(tester.id),
        (tester) => needs.children.exportData(tester.id),
        (tester) => needs.ledger.exportData(tester.id),
        (tester) => needs.redeem.exportData(tester.id),
        (tester) => referrals.exportData(tester.id),
        (tester) => needs.dailyBonus.exportData(tester.id),
        (tester) => needs.winners.exportData(tester.id),
        (tester) => needs.perks.exportData(tester.id),
        (tester) => needs.leaderboard.exportData(tester.id),
        (tester) => needs.recovery.exportData(tester.id),
        (tester) => registration.exportData(tester.email),
        (tester) => mail.exportData(tester.email),
        (tester) => needs.terms.exportData(tester.id),
      ],
      testers,
      scheduling,
      referrals,
      registration,
      mail,
      auth,
      exportsPerWindow: config.loginAttemptsPerWindow,
      rateLimits,
      attemptsPerWindow: config.loginAttemptsPerWindow,
      windowSeconds: config.rateLimitWindowSeconds,
    });
    return { provides: { privacy }, routes: { tester: [privacyRoutes(privacy, sessionCookie)] } };
  },
});

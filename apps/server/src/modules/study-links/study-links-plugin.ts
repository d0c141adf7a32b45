import { defineModule } from '../../core/modules/app-module.ts';
import type { ChildrenService } from '../children/children-service.ts';
import type { AboutMeService } from '../about-me/about-me-service.ts';
import type { MailService } from '../mail/mail-service.ts';
import type { PublicContentService } from '../public-content/public-content-service.ts';
import type { SchedulingService } from '../scheduling/scheduling-service.ts';
import type { ScreeningService } from '../screening/screening-service.ts';
import type { StaffService } from '../staff/staff-service.ts';
import type { StudyService } from '../studies/study-service.ts';
import type { TesterService } from '../testers/tester-service.ts';
import { invitationSendRoutes } from './invitation-send-routes.ts';
import { createInvitationSendService, INVITATION_SEND_QUEUE } from './invitation-send-service.ts';
import { studyLinkRoutes } from './study-link-routes.ts';
import { createStudyLinkService } from './study-link-service.ts';

/**
 * Invitations and the login-time study-link calls (decision 026); the recruiters' sendings at
 * INVITATION_MAILS_PER_MINUTE (decision 052): the rate is counted in the database, the job queue
 * runs the sender, once across instances.
 */
export const studyLinksModule = defineModule({
  name: 'study-links',
  build(
    {
      studies,
      screening,
      scheduling,
      testers,
      mail,
      children,
      aboutMe,
      publicContent,
      staff,
    }: {
      studies: StudyService;
      screening: ScreeningService;
      scheduling: SchedulingService;
      testers: TesterService;
      mail: MailService;
      children: Pick<ChildrenService, 'doChildrenScreener'>;
      aboutMe: AboutMeService;
      publicContent: Pick<PublicContentService, 'listTestSites'>;
      staff: Pick<StaffService, 'list' | 'audited'>;
    },
    { db, clock, config, log, jobs, secrets },
  ) {
    const studyLinks = createStudyLinkService(db, {
      clock,
      secret: secrets.studyLink,
      validDays: config.studyLinkValidDays,
      qualifiedLinkDays: config.selfScheduleLinkDays,
      studies,
      screening,
      scheduling,
      testers,
      mail,
      screenChild: children.doChildrenScreener,
    });
    const sendInvitations = () => jobs.send(INVITATION_SEND_QUEUE, {});
    const invitationSends = createInvitationSendService(db, {
      clock,
      mailsPerMinute: config.invitationMailsPerMinute,
      studies,
      aboutMe,
      listTestSites: publicContent.listTestSites,
      studyLinks,
      staffList: staff.list,
      audited: staff.audited,
      kick: () => {
        if (config.scheduledJobs) sendInvitations().catch((error: unknown) => log.warn({ err: error }, 'invitation sender not queued'));
      },
    });
    return {
      provides: { studyLinks },
      routes: { tester: [studyLinkRoutes(studyLinks)], staff: [invitationSendRoutes(invitationSends)] },
      jobs: [
        {
          name: INVITATION_SEND_QUEUE,
          // A sweep every minute as well: a sending whose next step was lost (a crash) still goes out.
          cron: '* * * * *',
          timeZone: 'UTC',
          policy: 'stately',
          retryLimit: 0,
          run: async () => {
            const drained = await invitationSends.drain();
            if (drained.sent + drained.skipped > 0) log.info({ sent: drained.sent, skipped: drained.skipped }, 'invitation e-mails queued');
            if (drained.nextAt) await jobs.send(INVITATION_SEND_QUEUE, {}, { startAfter: drained.nextAt });
          },
        },
      ],
    };
  },
});

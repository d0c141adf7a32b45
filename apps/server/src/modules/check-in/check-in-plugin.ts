import { defineModule } from '../../core/modules/app-module.ts';
import type { PublicContentService } from '../public-content/public-content-service.ts';
import { checkInRoutes } from './check-in-routes.ts';
import { createCheckInService } from './check-in-service.ts';

type CheckInDeps = Parameters<typeof createCheckInService>[0];

/** Site staff's check-in: the QR code's token or a name search, mark attended and pay it (decision 048). */
export const checkInModule = defineModule({
  name: 'check-in',
  build(
    {
      scheduling,
      ledger,
      staff,
      testers,
      childrenReader,
      studies,
      publicContent,
    }: Pick<CheckInDeps, 'scheduling' | 'ledger' | 'staff' | 'testers' | 'studies'> & {
      childrenReader: CheckInDeps['children'];
      publicContent: Pick<PublicContentService, 'listTestSites'>;
    },
    { clock },
  ) {
    const checkIn = createCheckInService({
      clock,
      scheduling,
      ledger,
      staff,
      testers,
      children: childrenReader,
      studies,
      listTestSites: publicContent.listTestSites,
    });
    return { provides: {}, routes: { staff: [checkInRoutes(checkIn)] } };
  },
});

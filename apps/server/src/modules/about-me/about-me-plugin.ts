import { defineModule } from '../../core/modules/app-module.ts';
import type { LedgerService } from '../ledger/ledger-service.ts';
import { aboutMeRoutes } from './about-me-routes.ts';
import { createAboutMeService } from './about-me-service.ts';

/** About-me pages, their answers and reward; the answers studies target (decision 018). */
export const aboutMeModule = defineModule({
  name: 'about-me',
  build({ ledger }: { ledger: LedgerService }, { db, clock }) {
    const aboutMe = createAboutMeService(db, { clock, ledger });
    return { provides: { aboutMe }, routes: { tester: [aboutMeRoutes(aboutMe)] } };
  },
});

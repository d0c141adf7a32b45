import { defineModule } from '../../core/modules/app-module.ts';
import type { LedgerService } from '../ledger/ledger-service.ts';
import { dossierRoutes } from './dossier-routes.ts';
import { createDossierService } from './dossier-service.ts';

/** About-me pages, their answers and reward; the answers studies target (decision 018). */
export const dossierModule = defineModule({
  name: 'dossier',
  build({ ledger }: { ledger: LedgerService }, { db, clock }) {
    const dossier = createDossierService(db, { clock, ledger });
    return { provides: { dossier }, routes: { tester: [dossierRoutes(dossier)] } };
  },
});

import { defineModule } from '../../core/modules/app-module.ts';
import { termsRoutes } from './terms-routes.ts';
import { createTermsService } from './terms-service.ts';

/** The terms' versions and each tester's acceptances (decision 041). */
export const termsModule = defineModule({
  name: 'terms',
  build(_needs: object, { db, clock }) {
    const terms = createTermsService(db, { clock });
    return { provides: { terms }, routes: { tester: [termsRoutes(terms)] } };
  },
});

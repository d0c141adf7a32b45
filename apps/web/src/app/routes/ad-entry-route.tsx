import { useLocation, useParams } from 'react-router';
import { AD_CODE_PATTERN, AD_ENTRY_CODES } from '@testerhub/shared/marketing';
import { AdEntryRedirect } from '../../features/ad-entry/ad-entry-redirect';
import { NotFoundPage } from '../../features/not-found/not-found-page';

/** /gp, /card, /tw, /yp, /fb carry a fixed ad type; /mrkt/{adcode} (and /mkrt/{adcode}) carry their own. */
export function AdEntryRoute() {
  const { pathname } = useLocation();
  const { adCode } = useParams();
  const first = pathname.split('/')[1]?.toLowerCase() ?? '';
  if (adCode !== undefined) {
    if (!AD_CODE_PATTERN.test(adCode)) return <NotFoundPage />;
    return <AdEntryRedirect adType={adCode} />;
  }
  return <AdEntryRedirect adType={AD_ENTRY_CODES[first] ?? null} />;
}

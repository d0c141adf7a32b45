import { Suspense, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useLinkLanguage } from '../../hooks/use-link-language';
import { sessionValues, STUDY_LINK_HANDLED_KEY } from '../../lib/browser-storage';
import { useCommunityRootTexts } from './community-root-texts';
import { keepEntryQuery } from './entry-query';

/**
 * /community itself, the account root that e-mailed study links point to (/community?s=&t=&d=,
 * decision 026): it keeps the query in sessionStorage before leaving (the layout does too, but
 * after this page's own effects), then opens the portal, which asks for a login first when there
 * is no session and runs the study-link flow once there is one.
 */
export function CommunityIndex() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  // Before the move below (effects run in order): a Spanish reader's link (lang=es, a child's
  // confirmation) makes the tab Spanish, so the login page and the portal it opens speak Spanish.
  useLinkLanguage();

  useEffect(() => {
    // A study link opened (again): the flow runs for it even if this tab ran it before.
    const query = new URLSearchParams(search);
    if (query.get('s') && query.get('t')) sessionValues.remove(STUDY_LINK_HANDLED_KEY);
    keepEntryQuery(pathname, search);
    navigate('/community/main', { replace: true });
  }, [pathname, search, navigate]);

  // Its own boundary: a Spanish tab waits for the words, never for the move to the portal.
  return (
    <Suspense fallback={null}>
      <OpeningStatus />
    </Suspense>
  );
}

function OpeningStatus() {
  const t = useCommunityRootTexts();
  return (
    <p role="status" className="visually-hidden">
      {t('openingAccount')}
    </p>
  );
}

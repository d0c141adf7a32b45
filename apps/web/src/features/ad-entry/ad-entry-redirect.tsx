import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { AD_TYPE_STORAGE_KEY } from '@testerhub/shared/marketing';
import { logError } from '../../lib/log';

/**
 * An ad-entry path (spec 1, 2.6): remember the ad type for registration, then show the
 * landing page. Replace, so Back does not bounce through the redirect again.
 */
export function AdEntryRedirect({ adType }: { adType: string | null }) {
  const navigate = useNavigate();
  useEffect(() => {
    if (adType) {
      try {
        window.sessionStorage.setItem(AD_TYPE_STORAGE_KEY, adType);
      } catch (error) {
        logError('could not store the ad type', error);
      }
    }
    navigate('/lp/index', { replace: true });
  }, [adType, navigate]);
  return <p className="visually-hidden">Loading…</p>;
}

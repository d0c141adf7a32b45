import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { sessionValues } from '../../lib/browser-storage';

/** Parameters of the e-mailed self-scheduling links: CommonAP.aspx brings s, t and d; ExternalScr.aspx brings ex. */
export const SELF_SCHEDULE_KEYS = ['s', 't', 'd', 'ex'] as const;

/**
 * /community/main/schedule/self: the target of the e-mailed study links (the server turns
 * CommonAP.aspx and ExternalScr.aspx into this address). The self-scheduling page itself
 * comes with a later issue; until then this entry only stores the link's parameters in
 * sessionStorage, where that page (and the login-time study-link flow) will read them, and
 * moves on to the screener list with replace, so Back does not return to the bare link.
 */
export function SelfScheduleEntry() {
  const { search } = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    const query = new URLSearchParams(search);
    for (const key of SELF_SCHEDULE_KEYS) {
      const value = query.get(key);
      if (value) sessionValues.set(key, value);
    }
    navigate('/community/main/screener', { replace: true });
  }, [search, navigate]);

  return (
    <p role="status" className="visually-hidden">
      Opening your study link…
    </p>
  );
}

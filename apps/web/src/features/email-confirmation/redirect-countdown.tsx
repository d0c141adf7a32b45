import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { aroundSlot } from '../../components/sign-in-texts';

interface RedirectCountdownProps {
  seconds: number;
  to: string;
  /** What it says, with a `{seconds}` slot: for one second and for more ("Taking you to the log-in page in {seconds} seconds…"). */
  textOne: string;
  textMany: string;
  /** The link that goes at once. */
  goNowLabel: string;
}

/**
 * A visible countdown (5, 4, 3, 2, 1) in a polite live region, then a replace navigation.
 * A link lets the visitor go at once.
 */
export function RedirectCountdown({ seconds, to, textOne, textMany, goNowLabel }: RedirectCountdownProps) {
  const navigate = useNavigate();
  const [remaining, setRemaining] = useState(seconds);

  useEffect(() => {
    // The last tick navigates instead of showing 0, so the visitor sees exactly 5, 4, 3, 2, 1.
    const timer = window.setTimeout(() => (remaining <= 1 ? navigate(to, { replace: true }) : setRemaining(remaining - 1)), 1000);
    return () => window.clearTimeout(timer);
  }, [remaining, navigate, to]);
  const [before, after] = aroundSlot(remaining === 1 ? textOne : textMany, 'seconds');

  return (
    <>
      <p className="confirm-email__countdown" role="status" aria-live="polite" aria-atomic="true">
        {before}
        <span className="confirm-email__seconds" data-testid="countdown-seconds">
          {remaining}
        </span>
        {after}
      </p>
      <p>
        <Link to={to} replace className="button button--primary">
          {goNowLabel}
        </Link>
      </p>
    </>
  );
}

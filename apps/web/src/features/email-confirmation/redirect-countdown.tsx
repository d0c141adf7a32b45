import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';

interface RedirectCountdownProps {
  seconds: number;
  to: string;
  /** What the visitor is taken to, as in "Taking you to {destination} in 5 seconds". */
  destination: string;
}

/**
 * A visible countdown (5, 4, 3, 2, 1) in a polite live region, then a replace navigation.
 * A link lets the visitor go at once.
 */
export function RedirectCountdown({ seconds, to, destination }: RedirectCountdownProps) {
  const navigate = useNavigate();
  const [remaining, setRemaining] = useState(seconds);

  useEffect(() => {
    // The last tick navigates instead of showing 0, so the visitor sees exactly 5, 4, 3, 2, 1.
    const timer = window.setTimeout(() => (remaining <= 1 ? navigate(to, { replace: true }) : setRemaining(remaining - 1)), 1000);
    return () => window.clearTimeout(timer);
  }, [remaining, navigate, to]);

  return (
    <>
      <p className="confirm-email__countdown" role="status" aria-live="polite" aria-atomic="true">
        Taking you to {destination} in{' '}
        <span className="confirm-email__seconds" data-testid="countdown-seconds">
          {remaining}
        </span>{' '}
        {remaining === 1 ? 'second' : 'seconds'}…
      </p>
      <p>
        <Link to={to} replace className="button button--primary">
          Log in now
        </Link>
      </p>
    </>
  );
}

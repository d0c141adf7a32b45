import type { StatusResponse } from '@testerhub/shared/account-schemas';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { COMPANY } from '@testerhub/shared/company';
import { AccountPanel } from '../../components/account-panel';
import { usePageTitle } from '../../hooks/use-page-title';
import { apiPost } from '../../lib/api';
import { logError } from '../../lib/log';
import { aroundSlot, SignInLanguageToggle, useSignInTexts } from '../../components/sign-in-texts';
import { RedirectCountdown } from './redirect-countdown';
import './confirm-email.css';

/** Seconds between 'confirmed' and the login page (spec 2, section 9). */
export const CONFIRM_REDIRECT_SECONDS = 5;

type Outcome = 'confirmed' | 'failed' | 'linkGone';

/** What the address asks for: the three e-mail link forms of spec 2, section 2. */
type Request =
  | { kind: 'tracked'; tester: string; code: string; eCode: string | null }
  | { kind: 'check'; userId: string; code: string }
  | { kind: 'token'; token: string };

export function confirmationRequest(pathname: string, search: string): Request | null {
  const query = new URLSearchParams(search);
  const path = pathname.toLowerCase().replace(/\/+$/, '');
  if (path === '/account/confirmemail') {
    const token = query.get('token');
    return token ? { kind: 'token', token } : null;
  }
  if (path === '/account/checkconfirmemail') {
    const userId = query.get('userId') ?? query.get('userid');
    const code = query.get('code');
    return userId && code ? { kind: 'check', userId, code } : null;
  }
  const tester = query.get('t');
  const code = query.get('r');
  return tester && code ? { kind: 'tracked', tester, code, eCode: query.get('e') } : null;
}

function confirm(request: Request): Promise<Outcome> {
  const asOutcome = (answer: { status: string }): Outcome => (answer.status === 'confirmed' ? 'confirmed' : 'failed');
  if (request.kind === 'token') return apiPost<StatusResponse>('/account/ConfirmEmailAnother', { token: request.token }).then(asOutcome);
  if (request.kind === 'check')
    return apiPost<StatusResponse>('/account/CheckConfirmEmail', { userId: request.userId, code: request.code }).then(asOutcome);
  // The /treg link: the click is recorded and the address confirmed side by side.
  const tracked = request.eCode
    ? apiPost<StatusResponse>('/account/EmailClickTrack', { tester: request.tester, eCode: request.eCode }).then(
        (answer) => answer.status === 'succeed',
        (error: unknown) => {
          logError('e-mail click could not be recorded', error);
          return false;
        },
      )
    : Promise.resolve(true);
  const confirmed = apiPost<StatusResponse>('/account/CheckConfirmEmail', { userId: request.tester, code: request.code }).then(asOutcome);
  // A confirmed address wins; otherwise a link the tracker does not know is "no longer accessible".
  return Promise.all([tracked, confirmed.catch(() => 'failed' as const)]).then(([clickRecorded, outcome]) =>
    outcome === 'confirmed' ? 'confirmed' : clickRecorded ? 'failed' : 'linkGone',
  );
}

/**
 * E-mail confirmation: /community/checkConfirmEmail?t=&r=&e=, /account/checkConfirmEmail?userId=&code=
 * and /account/ConfirmEmail?token=. Confirmed: a 5-second countdown, then login. Otherwise the
 * failure texts of spec 2, section 8.
 */
export function ConfirmEmailPage() {
  const t = useSignInTexts();
  usePageTitle(t('confirmTitle'));
  const { pathname, search } = useLocation();
  const [result, setResult] = useState<{ key: string; outcome: Outcome } | null>(null);
  const key = `${pathname}${search}`;
  const request = confirmationRequest(pathname, search);
  const hasRequest = request !== null;

  useEffect(() => {
    const current = confirmationRequest(pathname, search);
    if (!current) return;
    let active = true;
    confirm(current).then(
      (outcome) => {
        if (active) setResult({ key: `${pathname}${search}`, outcome });
      },
      (error: unknown) => {
        logError('e-mail confirmation failed', error);
        if (active) setResult({ key: `${pathname}${search}`, outcome: 'failed' });
      },
    );
    return () => {
      active = false;
    };
  }, [pathname, search]);

  // A link without its parameters fails at once; otherwise the answer for this very address.
  const outcome: Outcome | 'checking' = !hasRequest ? 'failed' : result?.key === key ? result.outcome : 'checking';
  const [supportBefore, supportAfter] = aroundSlot(t('supportLine', { hours: COMPANY.supportHours }), 'phone');

  return (
    <AccountPanel title={t('confirmTitle')} top={<SignInLanguageToggle />}>
      {outcome === 'checking' && (
        <p className="account-panel__status" role="status">
          {t('checkingLink')}
        </p>
      )}
      {outcome === 'confirmed' && (
        <>
          <p>{t('confirmed')}</p>
          <RedirectCountdown
            seconds={CONFIRM_REDIRECT_SECONDS}
            to="/community/login"
            textOne={t('countdownOne')}
            textMany={t('countdownMany')}
            goNowLabel={t('logInNow')}
          />
        </>
      )}
      {(outcome === 'failed' || outcome === 'linkGone') && (
        <>
          <div className="confirm-email__failure" role="alert">
            {outcome === 'linkGone' ? (
              <p>{t('clickTrackFailure')}</p>
            ) : (
              <>
                <p>{t('confirmFailure')}</p>
                <p>{t('confirmFailureOther')}</p>
              </>
            )}
          </div>
          <p>
            {supportBefore}
            <a href={`tel:${COMPANY.supportPhone.replace(/[^\d+]/g, '')}`}>{COMPANY.supportPhone}</a>
            {supportAfter}
          </p>
          <p>
            <Link to="/community/login">{t('goToLogIn')}</Link>
          </p>
        </>
      )}
    </AccountPanel>
  );
}

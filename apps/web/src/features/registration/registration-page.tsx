import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { message, type Language } from '@testerhub/shared/account-messages';
import { AD_OTHER, DEFAULT_BEST_CONTACT_TIME, ageOn, birthDateOf, checkEmail, checkUsername } from '@testerhub/shared/account-rules';
import type { RegisterPayload, RegistrationDetail, StatusMessageResponse } from '@testerhub/shared/account-schemas';
import { COMPANY } from '@testerhub/shared/company';
import { apiPost } from '../../lib/api';
import { sessionValues } from '../../lib/browser-storage';
import { EntryPage } from '../../components/entry-page';
import { ModalDialog } from '../../components/modal-dialog';
import { usePageTitle } from '../../hooks/use-page-title';
import { AccountStep, type AccountValues } from './account-step';
import { DetailStep } from './detail-step';
import { requestFailureText } from './form-helpers';
import { ProfileStep } from './profile-step';
import { useEntryLanguage } from '../../hooks/use-entry-language';
import {
  REFERRAL_STORAGE_KEY,
  birthIso,
  clearDraft,
  forgetPasswords,
  furthestAllowedStep,
  loadDraft,
  recallPasswords,
  saveDraft,
  type RegistrationDraft,
} from './registration-draft';
import { REGISTRATION_TEXTS } from './registration-texts';
import './registration.css';

export type RegistrationStep = 'account' | 'profile' | 'detail';

const STEPS: readonly RegistrationStep[] = ['account', 'profile', 'detail'];
const STEP_PATHS: Record<RegistrationStep, string> = {
  account: '/community/join/account',
  profile: '/community/join/profile',
  detail: '/community/join/detail',
};
const LOGIN_PATH = '/community/login';

type Outcome = { kind: 'success' } | { kind: 'failure'; detail: string; taken?: 'username' | 'email' };
type NavigationState = { focusHeading?: boolean; passwordAgain?: boolean } | null;

/**
 * The three registration steps (spec 2, sections 2, 4, 5) and, at step 1 with the link's v
 * (and e) or u, the existing-user form with its single Complete button.
 */
export function RegistrationPage({ step }: { step: RegistrationStep }) {
  const [language, setLanguage] = useEntryLanguage();
  const t = REGISTRATION_TEXTS[language];
  const navigate = useNavigate();
  const location = useLocation();
  const navigationState = location.state as NavigationState;
  const [params] = useSearchParams();
  const link = { v: params.get('v') ?? '', e: params.get('e') ?? '', u: params.get('u') ?? '' };
  const existing = step === 'account' && !!(link.v || link.u);
  usePageTitle(existing ? t.existingPageTitle : t.pageTitle);

  const [draft, setDraft] = useState(loadDraft);
  const [existingValues, setExistingValues] = useState<AccountValues>(() => ({
    username: '',
    email: checkEmail(link.e) === null ? link.e : '',
  }));
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [today] = useState(() => new Date());
  const headingRef = useRef<HTMLHeadingElement>(null);

  // sessionStorage follows the draft, so Back, the terms page and a reload all find it again.
  useEffect(() => {
    saveDraft(draft);
  }, [draft]);

  // A step reached by Next or Back announces itself: focus goes to its heading.
  useEffect(() => {
    if (navigationState?.focusHeading) headingRef.current?.focus();
  }, [location.key, navigationState]);

  const update = useCallback((patch: Partial<RegistrationDraft>) => setDraft((current) => ({ ...current, ...patch })), []);

  const goTo = (target: RegistrationStep) => navigate(STEP_PATHS[target], { state: { focusHeading: true } });

  const closeSuccess = useCallback(() => {
    clearDraft();
    forgetPasswords();
    navigate(LOGIN_PATH);
  }, [navigate]);
  const closeFailure = useCallback(() => setOutcome(null), []);

  async function send(path: string, payload: object, taken?: { username: string; email: string }) {
    setSubmitting(true);
    try {
      const answer = await apiPost<StatusMessageResponse>(path, payload);
      if (answer.status === 'succeed') {
        // Nothing of the registration stays in the browser once the account exists.
        clearDraft();
        forgetPasswords();
        setOutcome({ kind: 'success' });
        return;
      }
      const takenField = answer.status === 'usernameTaken' ? 'username' : answer.status === 'emailTaken' ? 'email' : undefined;
      if (takenField && taken) update({ taken: { ...draft.taken, [takenField]: taken[takenField] } });
      setOutcome({ kind: 'failure', detail: answer.message ?? '', taken: takenField });
    } catch (error) {
      setOutcome({ kind: 'failure', detail: requestFailureText(error, language) });
    } finally {
      setSubmitting(false);
    }
  }

  function register(detail: RegistrationDetail) {
    const payload: RegisterPayload = {
      Username: draft.username,
      EmailAddress: draft.email.trim(),
      Password: recallPasswords().password,
      FirstName: draft.firstName.trim(),
      LastName: draft.lastName.trim(),
      ZipCode: draft.zipCode,
      Address: draft.address.trim(),
      City: draft.city.trim(),
      State: draft.state,
      SexID: detail.gender,
      PhoneNo: detail.phone,
      RaceID: detail.raceId,
      AdID: detail.adId,
      AdDetail: detail.adId === AD_OTHER ? detail.adDetail.trim() : '',
      Birth: birthIso(detail),
      CAge: ageOn(birthDateOf(detail), today),
      Referral: (sessionValues.get(REFERRAL_STORAGE_KEY) ?? '').slice(0, 64),
      DayIndex: 0,
      ContactBestTimeFrom: DEFAULT_BEST_CONTACT_TIME.from,
      ContactBestTimeTo: DEFAULT_BEST_CONTACT_TIME.to,
      AcceptTerms: true,
      Language: language,
    };
    void send('/account/register', payload, { username: draft.username, email: draft.email });
  }

  function registerExisting(values: AccountValues, password: string) {
    void send(
      '/account/registerExistedUser',
      {
        E: link.e,
        V: link.v,
        U: link.u,
        EmailAddress: values.email.trim(),
        Password: password,
        Username: values.username,
        Language: language,
      },
      values,
    );
  }

  // A later step needs the earlier ones done; after a reload the password is gone, so step 1 again.
  if (!existing && outcome?.kind !== 'success') {
    const allowed = furthestAllowedStep(draft);
    if (STEPS.indexOf(step) > STEPS.indexOf(allowed)) {
      const passwordAgain =
        allowed === 'account' && !checkUsername(draft.username) && !checkEmail(draft.email) && !recallPasswords().password;
      return <Navigate to={STEP_PATHS[allowed]} replace state={{ passwordAgain }} />;
    }
  }

  const stepNumber = STEPS.indexOf(step) + 1;
  const backButton = (target: RegistrationStep) => (
    <button type="button" className="button button--outline" onClick={() => goTo(target)}>
      {t.back}
    </button>
  );

  const popups = (
    <>
      {outcome?.kind === 'success' && (
        <ModalDialog title={t.successTitle} onClose={closeSuccess} closeLabel={t.close}>
          <p>{message('registrationSucceeded', language)}</p>
        </ModalDialog>
      )}
      {outcome?.kind === 'failure' && (
        <ModalDialog
          title={t.failureTitle}
          tone="error"
          onClose={closeFailure}
          closeLabel={t.close}
          actions={
            outcome.taken && !existing ? (
              <button
                type="button"
                className="button button--outline"
                onClick={() => {
                  setOutcome(null);
                  goTo('account');
                }}
              >
                {t.backToAccount}
              </button>
            ) : null
          }
        >
          <FailureText language={language} detail={outcome.detail} />
        </ModalDialog>
      )}
    </>
  );

  return (
    <EntryPage
      block="registration"
      card="card"
      language={language}
      onLanguageChange={setLanguage}
      languageGroup={t.languageGroup}
      after={popups}
    >
      <h1 className="registration__title">{existing ? t.existingHeading : t.heading}</h1>
      {existing ? (
        <p className="registration__intro">{t.existingIntro}</p>
      ) : (
        <div className="registration__progress" aria-hidden="true">
          {STEPS.map((name, index) => (
            <span
              key={name}
              className={index < stepNumber ? 'registration__progress-bar registration__progress-bar--done' : 'registration__progress-bar'}
            />
          ))}
        </div>
      )}
      {!existing && (
        <h2 ref={headingRef} className="registration__step" tabIndex={-1}>
          <span className="registration__step-count">{t.stepOf(stepNumber, STEPS.length)}</span>
          <span className="visually-hidden">: </span>
          <span className="registration__step-name">{t.stepNames[step]}</span>
        </h2>
      )}

      {step === 'account' && existing && (
        <AccountStep
          key="existing"
          language={language}
          values={existingValues}
          onValuesChange={setExistingValues}
          taken={draft.taken}
          linkUser={link.u}
          submitLabel={t.complete}
          busy={submitting}
          onSubmit={registerExisting}
        />
      )}
      {step === 'account' && !existing && (
        <AccountStep
          key="account"
          language={language}
          values={{ username: draft.username, email: draft.email }}
          onValuesChange={update}
          taken={draft.taken}
          linkUser=""
          submitLabel={t.next}
          busy={false}
          onSubmit={() => goTo('profile')}
          notice={
            navigationState?.passwordAgain ? (
              <p className="registration-form__notice" role="status">
                {t.passwordAgain}
              </p>
            ) : null
          }
        />
      )}
      {step === 'profile' && (
        <ProfileStep
          key="profile"
          language={language}
          draft={draft}
          onChange={update}
          onNext={() => goTo('detail')}
          back={backButton('account')}
        />
      )}
      {step === 'detail' && (
        <DetailStep
          key="detail"
          language={language}
          draft={draft}
          onChange={update}
          today={today}
          busy={submitting}
          onComplete={register}
          back={backButton('profile')}
        />
      )}

      <p className="registration__login">
        {t.haveAccount} <Link to={LOGIN_PATH}>{t.login}</Link>
      </p>
    </EntryPage>
  );
}

/** The catalogue's failure text, the server's reason when it adds one, and how to reach Tester Services. */
function FailureText({ language, detail }: { language: Language; detail: string }) {
  const t = REGISTRATION_TEXTS[language];
  const general = message('registrationFailed', language);
  const digits = COMPANY.supportPhone.replace(/\D/g, '');
  return (
    <>
      {detail && detail !== general && <p className="registration__failure-detail">{detail}</p>}
      <p>{general}</p>
      <p>{t.contactIntro}</p>
      <ul className="registration__contacts">
        <li>
          {t.contactEmail}: <a href={`mailto:${COMPANY.supportEmail}`}>{COMPANY.supportEmail}</a>
        </li>
        <li>
          {t.contactText}: <a href={`sms:+1${digits}`}>{COMPANY.supportPhone}</a>
        </li>
      </ul>
    </>
  );
}

import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { EntryPage } from '../../components/entry-page';
import { useEntryLanguage } from '../../hooks/use-entry-language';
import { useLinkLanguage } from '../../hooks/use-link-language';
import { usePageTitle } from '../../hooks/use-page-title';
import { forgetEngaged, readEngagedV } from './join-storage';
import { JOIN_TEXTS } from './join-texts';
import { ReEngagementForm } from './re-engagement-form';
import { ShortSignUpForm } from './short-sign-up-form';
import './join.css';

const REGISTER_PATH = '/community/join/account';

/**
 * /community/join/attention (spec 2, section 2): welcome, the re-engagement form for testers
 * known from before, the sign-up pitch with the short form, the one-account warning, Register
 * and the login link, in English or Spanish.
 */
export function JoinAttentionPage() {
  // A referral invitation's link carries the referrer's language (the friend has none yet).
  useLinkLanguage();
  const [language, setLanguage] = useEntryLanguage();
  const t = JOIN_TEXTS[language];
  usePageTitle(t.pageTitle);
  // A re-engaged visitor who comes back (same tab) sees the Complete path again.
  const [engagedV, setEngagedV] = useState(readEngagedV);
  const [justEngaged, setJustEngaged] = useState(false);
  const engagedHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (justEngaged) engagedHeading.current?.focus();
  }, [justEngaged]);

  return (
    <EntryPage block="join" card="inner" language={language} onLanguageChange={setLanguage} languageGroup={t.languageGroup}>
      <section className="join__hero" aria-labelledby="join-title">
        <h1 id="join-title">{t.heading}</h1>
        <p className="join__intro">{t.intro}</p>
        <div className="join__warning" role="note" aria-labelledby="join-one-account">
          <h2 id="join-one-account">{t.oneAccountHeading}</h2>
          <p>{t.oneAccountText}</p>
        </div>
        <div className="join__actions">
          <Link to={REGISTER_PATH} className="button button--accent">
            {t.register}
          </Link>
          <p className="join__login">
            {t.haveAccount} <Link to="/community/login">{t.login}</Link>
          </p>
        </div>
      </section>

      <div className="join__columns">
        <section className="join__card" aria-labelledby="join-returning">
          <h2 id="join-returning">{t.returningHeading}</h2>
          {engagedV ? (
            <div className="join__engaged">
              <h3 ref={engagedHeading} tabIndex={-1}>
                {t.engagedHeading}
              </h3>
              <p>{t.engagedText}</p>
              <div className="join__engaged-actions">
                <Link to={`${REGISTER_PATH}?v=${encodeURIComponent(engagedV)}`} className="button button--primary">
                  {t.engagedAction}
                </Link>
                <button
                  type="button"
                  className="join__text-button"
                  onClick={() => {
                    // Someone else's code on a shared device: start over.
                    forgetEngaged();
                    setEngagedV('');
                    setJustEngaged(false);
                  }}
                >
                  {t.useAnotherCode}
                </button>
              </div>
            </div>
          ) : (
            <>
              <p>{t.returningIntro}</p>
              <ReEngagementForm
                language={language}
                onEngaged={(v) => {
                  setEngagedV(v);
                  setJustEngaged(true);
                }}
              />
            </>
          )}
        </section>

        <section className="join__card join__card--pitch" aria-labelledby="join-new">
          <h2 id="join-new">{t.newHeading}</h2>
          <ul className="join__claims">
            {t.claims.map((claim) => (
              <li key={claim}>{claim}</li>
            ))}
          </ul>
          <h3>{t.shortFormHeading}</h3>
          <p>{t.shortFormIntro}</p>
          <ShortSignUpForm language={language} />
        </section>
      </div>
    </EntryPage>
  );
}

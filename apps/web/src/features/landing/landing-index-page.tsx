import { COMPANY } from '@testerhub/shared/company';
import { NEW_TESTER_DRAWING, TESTS_PER_YEAR_CLAIM } from '@testerhub/shared/marketing';
import { PortalLink } from '../../components/portal-link';
import { usePageTitle } from '../../hooks/use-page-title';
import './landing.css';

/** Ad landing page (/lp/index and the marketing entry paths): one message, one action, no navigation. */
export function LandingIndexPage() {
  usePageTitle('Become a paid product tester');
  return (
    <main className="landing">
      <section className="landing__hero" aria-labelledby="landing-title">
        <div className="container">
          <p className="landing__brand">{COMPANY.communityName}</p>
          <h1 id="landing-title">Get paid up to $50 an hour for your opinion</h1>
          <p className="landing__lead">
            Join over {COMPANY.testerCount} people who taste, try and review new products before they reach the shelf. Registration is free.
          </p>
          <PortalLink to="/community/join/attention" className="button button--accent landing__cta">
            Register now
          </PortalLink>
        </div>
      </section>
      <section className="container landing__points" aria-label="Why join">
        <ul>
          <li>
            <h2>Cash, check or gift card</h2>
            <p>Every study you attend is paid, and you know the amount before you say yes.</p>
          </li>
          <li>
            <h2>{NEW_TESTER_DRAWING.prize} drawing</h2>
            <p>New testers are entered in our quarterly drawing, plus a welcome gift of coins.</p>
          </li>
          <li>
            <h2>{TESTS_PER_YEAR_CLAIM} studies a year</h2>
            <p>Taste tests, product trials, focus groups and take-home studies near you.</p>
          </li>
        </ul>
      </section>
    </main>
  );
}

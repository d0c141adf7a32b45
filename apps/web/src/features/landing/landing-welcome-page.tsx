import { Link } from 'react-router';
import { COMPANY } from '@testerhub/shared/company';
import { PortalLink } from '../../components/portal-link';
import { usePageTitle } from '../../hooks/use-page-title';
import './landing.css';

/** Welcome landing page for visitors arriving from a campaign: what the community is and how to start. */
export function LandingWelcomePage() {
  usePageTitle('Welcome');
  return (
    <main className="landing">
      <section className="landing__hero" aria-labelledby="welcome-title">
        <div className="container">
          <h1 id="welcome-title">Welcome to {COMPANY.communityName}</h1>
          <p className="landing__lead">
            Since {COMPANY.foundedYear}, {COMPANY.name} has helped brands listen to real consumers. As a tester you try new products, tell
            us what you think, and get paid for your time.
          </p>
          <div className="landing__actions">
            <PortalLink to="/community/join/attention" className="button button--accent">
              Register
            </PortalLink>
            <PortalLink to="/community/login" className="button button--outline-light">
              Login
            </PortalLink>
          </div>
        </div>
      </section>
      <section className="container landing__points" aria-labelledby="welcome-next">
        <h2 id="welcome-next">Where to start</h2>
        <ul>
          <li>
            <h3>See what a study is like</h3>
            <p>
              Read <Link to="/popup/expectation">what to expect</Link> on your first visit.
            </p>
          </li>
          <li>
            <h3>Check the rewards</h3>
            <p>
              Drawings, coins and referral bonuses: see the <Link to="/popup/rewards">tester rewards</Link>.
            </p>
          </li>
          <li>
            <h3>Questions?</h3>
            <p>
              Most answers are in our <Link to="/popup/faqs">FAQs</Link>.
            </p>
          </li>
        </ul>
      </section>
    </main>
  );
}

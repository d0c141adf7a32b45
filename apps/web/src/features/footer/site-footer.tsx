import { SiteLink } from '../../lib/site-navigation';
import { COMPANY } from '@testerhub/shared/company';
import { PortalLink } from '../../components/portal-link';
import './site-footer.css';

const CONTACTS = [
  { code: 'ch', city: 'Chicago' },
  { code: 'da', city: 'Dallas' },
  { code: 'ny', city: 'New York' },
  { code: 'la', city: 'Los Angeles' },
];

const SUPPORT = [
  { to: '/popup/rules', label: 'Rules' },
  { to: '/popup/terms', label: 'Terms of Use' },
  { to: '/popup/privacy', label: 'Privacy Policy' },
  { to: '/popup/cancellation-policy', label: 'Cancellation Policy' },
  { to: '/popup/conditions', label: 'Terms and Conditions' },
];

/** Footer columns of spec 1, 2.4. The tester links' targets are not in the spec: chosen in decision 005. */
export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__columns">
        <nav aria-labelledby="footer-learn">
          <h2 id="footer-learn">Learn More</h2>
          <ul>
            <li>
              <SiteLink to="/">Home</SiteLink>
            </li>
            <li>
              <SiteLink to="/popup/expectation">What To Expect</SiteLink>
            </li>
            <li>
              <SiteLink to="/popup/faqs">FAQS</SiteLink>
            </li>
            <li>
              <a href={COMPANY.corporateSiteUrl}>Corporate Clients</a>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-testers">
          <h2 id="footer-testers">Testers</h2>
          <ul>
            <li>
              <PortalLink to="/community/login">Login</PortalLink>
            </li>
            <li>
              <SiteLink to="/popup/rewards">Rewards</SiteLink>
            </li>
            <li>
              <PortalLink to="/community/join/attention">Registration</PortalLink>
            </li>
            <li>
              <SiteLink to="/popup/faqs">Self-service</SiteLink>
            </li>
            <li>
              <SiteLink to="/popup/referral">Referral</SiteLink>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-contact">
          <h2 id="footer-contact">Contact Us</h2>
          <ul>
            {CONTACTS.map((contact) => (
              <li key={contact.code}>
                <SiteLink to={`/popup/maps/${contact.code}`}>{contact.city}</SiteLink>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-support">
          <h2 id="footer-support">Support</h2>
          <ul>
            {SUPPORT.map((link) => (
              <li key={link.to}>
                <SiteLink to={link.to}>{link.label}</SiteLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="container site-footer__bottom">
        <ul className="site-footer__social" aria-label="Social media">
          {COMPANY.social.map((link) => (
            <li key={link.label}>
              <a href={link.href}>{link.label}</a>
            </li>
          ))}
        </ul>
        <p className="site-footer__copyright">
          © {COMPANY.foundedYear}-<span suppressHydrationWarning>{new Date().getFullYear()}</span> {COMPANY.legalName} All rights reserved.
        </p>
      </div>
    </footer>
  );
}

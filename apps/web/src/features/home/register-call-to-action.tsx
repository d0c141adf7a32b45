import { PortalLink } from '../../components/portal-link';

export function RegisterCallToAction() {
  return (
    <section className="register-cta" aria-labelledby="register-cta-title">
      <div className="container register-cta__inner">
        <h2 id="register-cta-title">Ready to share your opinion?</h2>
        <p>Registration is free and takes about five minutes.</p>
        <PortalLink to="/community/join/attention" className="button button--accent">
          Register now
        </PortalLink>
      </div>
    </section>
  );
}

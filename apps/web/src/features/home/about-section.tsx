import { SiteLink } from '../../lib/site-navigation';
import { COMPANY } from '@testerhub/shared/company';

const SITES = [
  { code: 'ch', city: 'Chicago' },
  { code: 'da', city: 'Dallas' },
  { code: 'ny', city: 'New York' },
  { code: 'la', city: 'Los Angeles' },
];

export function AboutSection() {
  return (
    <section id="about" className="section" aria-labelledby="about-title">
      <div className="container about">
        <div>
          <h2 id="about-title" className="section__title about__title">
            About us
          </h2>
          <p>
            {COMPANY.name} has been testing products with real consumers since {COMPANY.foundedYear}. Brands come to us before their
            products reach the shelf, and our community of over {COMPANY.testerCount} testers tells them what works and what does not.
          </p>
          <p>
            We run taste tests, product usage tests, focus groups, in-person and take-home studies, and online screeners. Every response is
            analysed and reported anonymously.
          </p>
        </div>
        <div className="about__sites">
          <h3>Our test sites</h3>
          <ul>
            {SITES.map((site) => (
              <li key={site.code}>
                <SiteLink to={`/popup/maps/${site.code}`}>{site.city}</SiteLink>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}

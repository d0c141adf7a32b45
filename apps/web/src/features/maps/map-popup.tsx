import type { MapCode, TestSite } from '@testerhub/shared/public-content';
import { PopupShell } from '../../components/popup-shell';
import { useCachedQuery } from '../../hooks/use-cached-query';
import { usePageTitle } from '../../hooks/use-page-title';
import { apiGet } from '../../lib/api';
import './map-popup.css';

const CITY_BY_CODE: Record<MapCode, string> = { ch: 'Chicago', da: 'Dallas', ny: 'New York', la: 'Los Angeles' };

function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** A test site's address, phones and airport directions (spec 1, 2.8); the data lives in the database. */
export function MapPopup({ mapCode }: { mapCode: MapCode }) {
  const city = CITY_BY_CODE[mapCode];
  usePageTitle(`${city} test site`);
  const sites = useCachedQuery('test-sites', () => apiGet<TestSite[]>('/content/GetTestSites'));
  const site = sites.status === 'success' ? sites.data.find((entry) => entry.mapCode === mapCode) : undefined;

  return (
    <PopupShell title={`${city} test site`}>
      {sites.status === 'loading' && <p aria-busy="true">Loading the site details…</p>}
      {sites.status === 'error' && <p role="alert">The site details could not be loaded. Please try again in a moment.</p>}
      {sites.status === 'success' && !site && (
        <p>No test site is open in {city} at the moment: the other cities’ pages, linked under Contact Us, list ours.</p>
      )}
      {site && (
        <div className="test-site">
          <h2>{site.name}</h2>
          <dl className="test-site__details">
            <div>
              <dt>Address</dt>
              <dd>
                <address>{site.address}</address>
              </dd>
            </div>
            <div>
              <dt>Phone</dt>
              <dd>
                <a href={telHref(site.phone)}>{site.phone}</a>
              </dd>
            </div>
            <div>
              <dt>Fax</dt>
              <dd>{site.fax}</dd>
            </div>
            <div>
              <dt>Toll-free</dt>
              <dd>
                <a href={telHref(site.tollFree)}>{site.tollFree}</a>
              </dd>
            </div>
          </dl>
          <h2>Directions from the airport</h2>
          <ul className="test-site__airports">
            {site.airportDirections.map((entry, index) => (
              <li key={entry.airport}>
                <a href={`#airport-${index}`}>{entry.airport}</a>
              </li>
            ))}
          </ul>
          {site.airportDirections.map((entry, index) => (
            <section
              key={entry.airport}
              id={`airport-${index}`}
              className="test-site__directions"
              aria-labelledby={`airport-${index}-title`}
            >
              <h3 id={`airport-${index}-title`}>From {entry.airport}</h3>
              <p>{entry.directions}</p>
            </section>
          ))}
        </div>
      )}
    </PopupShell>
  );
}

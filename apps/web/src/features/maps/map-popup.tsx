import { useState } from 'react';
import { MAP_CODES, type MapCode, type TestSite } from '@testerhub/shared/public-content';
import { PopupShell } from '../../components/popup-shell';
import { useCachedQuery } from '../../hooks/use-cached-query';
import { usePageTitle } from '../../hooks/use-page-title';
import { useTabList } from '../../hooks/use-tab-list';
import { apiGet } from '../../lib/api';
import { SiteMap } from './site-map';
import './map-popup.css';

const CITY_BY_CODE: Record<MapCode, string> = { ch: 'Chicago', da: 'Dallas', ny: 'New York', la: 'Los Angeles' };

function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/**
 * The maps popup (spec 1, 2.8): a tab per city, the page's city selected, each tab a test site's map,
 * address, phones and airport directions. The sites' details live in the database.
 */
export function MapPopup({ mapCode }: { mapCode: MapCode }) {
  const [selected, setSelected] = useState(mapCode);
  const city = CITY_BY_CODE[selected];
  usePageTitle(`${city} test site`);
  const sites = useCachedQuery('test-sites', () => apiGet<TestSite[]>('/content/GetTestSites'));
  const site = sites.status === 'success' ? sites.data.find((entry) => entry.mapCode === selected) : undefined;
  const { tabListProps, tabProps } = useTabList<HTMLButtonElement>({
    count: MAP_CODES.length,
    selected: MAP_CODES.indexOf(selected),
    onSelect: (index) => setSelected(MAP_CODES[index]!),
  });

  return (
    <PopupShell title={`${city} test site`}>
      <div {...tabListProps} aria-label="Test site cities" className="map-tabs">
        {MAP_CODES.map((code, index) => (
          <button
            key={code}
            type="button"
            id={`map-tab-${code}`}
            aria-controls="map-panel"
            className="map-tabs__tab"
            onClick={() => setSelected(code)}
            {...tabProps(index)}
          >
            {CITY_BY_CODE[code]}
          </button>
        ))}
      </div>
      <div id="map-panel" role="tabpanel" aria-labelledby={`map-tab-${selected}`} className="map-panel">
        {sites.status === 'loading' && <p aria-busy="true">Loading the site details…</p>}
        {sites.status === 'error' && <p role="alert">The site details could not be loaded. Please try again in a moment.</p>}
        {sites.status === 'success' && !site && <p>No test site is open in {city} at the moment: the other cities’ tabs list ours.</p>}
        {site && <TestSiteDetails site={site} mapCode={selected} />}
      </div>
    </PopupShell>
  );
}

function TestSiteDetails({ site, mapCode }: { site: TestSite; mapCode: MapCode }) {
  return (
    <div className="test-site">
      <h2>{site.name}</h2>
      <SiteMap mapCode={mapCode} name={site.name} city={site.city} address={site.address} />
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
        <section key={entry.airport} id={`airport-${index}`} className="test-site__directions" aria-labelledby={`airport-${index}-title`}>
          <h3 id={`airport-${index}-title`}>From {entry.airport}</h3>
          <p>{entry.directions}</p>
        </section>
      ))}
    </div>
  );
}

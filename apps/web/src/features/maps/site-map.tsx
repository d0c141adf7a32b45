import { useId } from 'react';
import type { MapCode } from '@testerhub/shared/public-content';

interface Coordinates {
  latitude: number;
  longitude: number;
}

/**
 * Where each maps page's test site stands (the seeded addresses). Kept here, not fetched: the map is
 * drawn in the page, so no outside tile service is asked at run time (issue 28, item 7; decision 102).
 */
export const SITE_COORDINATES: Record<MapCode, Coordinates> = {
  ch: { latitude: 41.8807, longitude: -87.634 },
  da: { latitude: 33.076, longitude: -96.826 },
  ny: { latitude: 41.033, longitude: -73.765 },
  la: { latitude: 33.707, longitude: -117.862 },
};

/** A coarse outline of the contiguous United States, clockwise from the north-west, as [latitude, longitude]. */
const OUTLINE: readonly (readonly [number, number])[] = [
  [48.4, -124.7],
  [46.2, -124.0],
  [43.0, -124.5],
  [40.4, -124.4],
  [38.0, -123.0],
  [34.5, -120.6],
  [34.0, -118.5],
  [32.5, -117.1],
  [32.7, -114.7],
  [31.3, -111.0],
  [31.3, -108.2],
  [31.8, -106.5],
  [29.6, -104.5],
  [29.8, -101.4],
  [27.5, -99.5],
  [25.9, -97.4],
  [27.8, -97.2],
  [29.7, -94.0],
  [29.0, -89.2],
  [30.3, -88.0],
  [30.4, -86.5],
  [29.7, -84.9],
  [29.9, -83.7],
  [28.0, -82.8],
  [26.5, -82.0],
  [25.2, -80.9],
  [25.8, -80.1],
  [27.5, -80.3],
  [30.4, -81.4],
  [32.0, -80.8],
  [33.8, -78.5],
  [34.7, -76.5],
  [35.2, -75.5],
  [36.9, -76.0],
  [38.5, -75.0],
  [39.7, -74.1],
  [40.5, -74.0],
  [41.3, -71.0],
  [41.6, -70.0],
  [42.6, -70.7],
  [43.6, -70.2],
  [44.3, -68.5],
  [44.8, -67.0],
  [47.3, -68.3],
  [45.0, -71.5],
  [45.0, -74.7],
  [43.5, -76.2],
  [42.9, -78.9],
  [41.7, -83.5],
  [42.9, -82.4],
  [45.8, -84.7],
  [46.5, -84.4],
  [46.8, -90.0],
  [48.0, -89.6],
  [49.0, -95.2],
  [49.0, -123.0],
];

const WIDTH = 600;
const HEIGHT = 360;
const WEST = -126;
const EAST = -65;
const NORTH = 50;
const SOUTH = 24;

/** An equirectangular projection of the box above onto the drawing. */
function project({ latitude, longitude }: Coordinates): { x: number; y: number } {
  const x = ((longitude - WEST) / (EAST - WEST)) * WIDTH;
  const y = ((NORTH - latitude) / (NORTH - SOUTH)) * HEIGHT;
  return { x: Math.round(x * 10) / 10, y: Math.round(y * 10) / 10 };
}

const outlinePath = `${OUTLINE.map(([latitude, longitude], index) => {
  const { x, y } = project({ latitude, longitude });
  return `${index === 0 ? 'M' : 'L'}${x} ${y}`;
}).join(' ')} Z`;

/**
 * The site as a pin on an outline of the country, the other test sites as grey dots. An image with a
 * text alternative (its title and description), drawn from the coordinates: nothing is loaded.
 */
export function SiteMap({ mapCode, name, city, address }: { mapCode: MapCode; name: string; city: string; address: string }) {
  const titleId = useId();
  const descriptionId = useId();
  const pin = project(SITE_COORDINATES[mapCode]);
  const labelLeft = pin.x > WIDTH * 0.7;
  return (
    <figure className="site-map">
      <svg
        className="site-map__image"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        data-testid="site-map"
      >
        <title id={titleId}>{`Map: where the ${name} is`}</title>
        <desc id={descriptionId}>{`The ${name} in ${city}, marked on a map of the United States: ${address}.`}</desc>
        <path d={outlinePath} className="site-map__land" />
        {(Object.keys(SITE_COORDINATES) as MapCode[])
          .filter((code) => code !== mapCode)
          .map((code) => {
            const other = project(SITE_COORDINATES[code]);
            return <circle key={code} cx={other.x} cy={other.y} r={5} className="site-map__other" />;
          })}
        <circle cx={pin.x} cy={pin.y} r={14} className="site-map__halo" />
        <circle cx={pin.x} cy={pin.y} r={7} className="site-map__pin" />
        <text x={labelLeft ? pin.x - 14 : pin.x + 14} y={pin.y - 12} textAnchor={labelLeft ? 'end' : 'start'} className="site-map__label">
          {city}
        </text>
      </svg>
      <figcaption className="site-map__caption">{`${name}, ${city}. The grey dots are our other test sites.`}</figcaption>
    </figure>
  );
}

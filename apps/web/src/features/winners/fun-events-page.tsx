import { Link } from 'react-router';
import { usePageTitle } from '../../hooks/use-page-title';
import { useWinnersTexts } from './winners-texts';
import './winners.css';

const EVENTS = [
  { to: '/community/main/winners/try-your-luck', title: 'pageTitle', about: 'funTryAbout' },
  { to: '/community/main/winners/eCard', title: 'eCardTitle', about: 'funECardAbout' },
  { to: '/community/main/winners/new-tester', title: 'newTesterTitle', about: 'funNewTesterAbout' },
] as const;

/** /community/main/winners/0: the fun events link target (spec 3 leaves its content open; decision 037). */
export function FunEventsPage() {
  const t = useWinnersTexts();
  usePageTitle(t('funTitle'));
  return (
    <div className="winners-page">
      <h1 className="winners-page__title">{t('funTitle')}</h1>
      <ul className="winners-events">
        {EVENTS.map((event) => (
          <li key={event.to} className="winners-panel">
            <h2>
              <Link to={event.to}>{t(event.title)}</Link>
            </h2>
            <p>{t(event.about)}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}

import { Link } from 'react-router';
import { usePageTitle } from '../../hooks/use-page-title';
import './winners.css';

const EVENTS = [
  { to: '/community/main/winners/try-your-luck', title: 'Try your luck', about: 'Spin the wheel and enter the weekly gift-card drawing.' },
  { to: '/community/main/winners/eCard', title: 'Social giveaway winners', about: '$10 e-gift cards from our social giveaways.' },
  { to: '/community/main/winners/new-tester', title: 'New tester drawing', about: 'A $50 e-gift card for a new tester every quarter.' },
];

/** /community/main/winners/0: the fun events link target (spec 3 leaves its content open; decision 037). */
export function FunEventsPage() {
  usePageTitle('Fun events');
  return (
    <div className="winners-page">
      <h1 className="winners-page__title">Fun events</h1>
      <ul className="winners-events">
        {EVENTS.map((event) => (
          <li key={event.to} className="winners-panel">
            <h2>
              <Link to={event.to}>{event.title}</Link>
            </h2>
            <p>{event.about}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}

import { SiteLink } from '../../lib/site-navigation';

const CARDS = [
  { title: 'What to expect', text: 'What happens before, during and after a study visit.', to: '/popup/expectation' },
  { title: 'Tester rewards', text: 'Drawings, referral rewards and the latest winners.', to: '/popup/rewards' },
  { title: 'FAQS', text: 'Answers to the questions testers ask us most.', to: '/popup/faqs' },
];

export function MoreInfoSection() {
  return (
    <section id="more" className="section" aria-labelledby="more-title">
      <div className="container">
        <h2 id="more-title" className="section__title">
          More info
        </h2>
        <ul className="card-grid card-grid--three">
          {CARDS.map((card) => (
            <li key={card.to} className="card card--info">
              <h3 className="card__title">{card.title}</h3>
              <p>{card.text}</p>
              <SiteLink to={card.to} className="button button--primary" aria-label={`Check ${card.title}`}>
                CHECK
              </SiteLink>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

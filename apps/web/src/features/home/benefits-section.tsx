import { NEW_TESTER_DRAWING, TESTS_PER_YEAR_CLAIM } from '@testerhub/shared/marketing';

const BENEFITS = [
  {
    icon: '$',
    title: 'Get paid for every study',
    text: 'Incentives are paid in cash, by check or as a gift card, depending on the study.',
  },
  {
    icon: '★',
    title: `Win a ${NEW_TESTER_DRAWING.prize}`,
    text: 'Every new tester is entered in our quarterly drawing. One winner is picked each quarter.',
  },
  { icon: '◎', title: 'Earn coins online', text: 'Complete online screeners to collect virtual coins, then redeem them for prizes.' },
  {
    icon: '♥',
    title: 'Referral rewards',
    text: 'Bring a friend into the community and get a reward once they complete their first study.',
  },
  {
    icon: '✓',
    title: `Test ${TESTS_PER_YEAR_CLAIM} times a year`,
    text: `Most testers take part in a study ${TESTS_PER_YEAR_CLAIM} times a year, at a time that suits them.`,
  },
];

export function BenefitsSection() {
  return (
    <section id="benefits" className="section" aria-labelledby="benefits-title">
      <div className="container">
        <h2 id="benefits-title" className="section__title">
          Benefits
        </h2>
        <p className="section__lead">Your opinion has value. Here is what you get as a member of our tester community.</p>
        <ul className="card-grid">
          {BENEFITS.map((benefit) => (
            <li key={benefit.title} className="card">
              <span className="card__icon" aria-hidden="true">
                {benefit.icon}
              </span>
              <h3 className="card__title">{benefit.title}</h3>
              <p>{benefit.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

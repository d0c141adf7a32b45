/** The seven steps of spec 1, section 1, in order. */
const STEPS = [
  { title: 'Register', text: 'Create your free tester account online in three short steps.' },
  { title: 'We contact you', text: 'When a study fits you, we reach out by phone or e-mail.' },
  { title: 'Pre-screener', text: 'Answer a few quick questions so we know the study is right for you.' },
  { title: 'Schedule', text: 'If you qualify, pick a date and time that works for you.' },
  { title: 'Attend and check in', text: 'Come to the test site, check in at the front desk and share your opinion.' },
  { title: 'Get paid', text: 'Cash on site, a check by mail, or a gift card for take-home studies.' },
  { title: 'Make a difference', text: 'Your responses are analysed and reported anonymously to help shape new products.' },
];

export function HowItWorksSection() {
  return (
    <section id="how" className="section section--alt" aria-labelledby="how-title">
      <div className="container">
        <h2 id="how-title" className="section__title">
          How it works
        </h2>
        <p className="section__lead">From sign-up to payment in seven simple steps.</p>
        <ol className="steps">
          {STEPS.map((step, index) => (
            <li key={step.title} className="steps__item">
              <span className="steps__number" aria-hidden="true">
                {index + 1}
              </span>
              <div>
                <h3 className="steps__title">{step.title}</h3>
                <p>{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

import { usePageTitle } from '../../hooks/use-page-title';
import './covid-page.css';

const PRECAUTIONS = [
  { title: 'Face coverings', text: 'Staff wear face coverings, and testers are asked to wear one except while tasting.' },
  { title: 'Hand sanitizer', text: 'Sanitizer stations stand at the entrance, in every test room and at check-in.' },
  { title: '6-foot distancing', text: 'Seating, queues and test booths are arranged to keep 6 feet between people.' },
  { title: 'Extra cleaning', text: 'Rooms and surfaces are cleaned between every session, not just every day.' },
  { title: 'Stay home when ill', text: 'If you feel unwell, stay home and call us: we will reschedule without penalty.' },
];

const METHODS = [
  { title: 'Curbside pick-up', text: 'Collect the product at our door without coming inside, then test it at home.' },
  { title: 'Shipped product', text: 'We mail the product to you and you share your opinion online.' },
  { title: 'Drive-in evaluation', text: 'Taste or try the product from your car in our parking area.' },
  { title: 'In-person, distanced', text: 'Small groups in spaced booths, following every precaution above.' },
];

/** COVID-19 measures and the four ways of testing (spec 1, 2.9). */
export function CovidPage() {
  usePageTitle('COVID-19 safety');
  return (
    <main className="covid container">
      <h1>Testing safely during COVID-19</h1>
      <p className="covid__lead">Your health and the health of our staff come first. Here is how we keep every study safe.</p>
      <section aria-labelledby="covid-precautions">
        <h2 id="covid-precautions">Our precautions</h2>
        <ul className="covid__list">
          {PRECAUTIONS.map((item) => (
            <li key={item.title}>
              <h3>{item.title}</h3>
              <p>{item.text}</p>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="covid-methods">
        <h2 id="covid-methods">Four ways to test</h2>
        <ul className="covid__list">
          {METHODS.map((item) => (
            <li key={item.title}>
              <h3>{item.title}</h3>
              <p>{item.text}</p>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}

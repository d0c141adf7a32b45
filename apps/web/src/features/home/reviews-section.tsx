import { REVIEW_PHOTO_COUNT } from '@testerhub/shared/marketing';
import type { Testimonial } from '@testerhub/shared/public-content';
import { useCachedQuery } from '../../hooks/use-cached-query';
import { apiGet } from '../../lib/api';

const PHOTOS = Array.from({ length: REVIEW_PHOTO_COUNT }, (_, index) => `/media/reviews/tester-${String(index + 1).padStart(2, '0')}.svg`);

/** Two testimonials from the database and the 18-photo wall, which is hidden below 1024 px. */
export function ReviewsSection() {
  const testimonials = useCachedQuery('testimonials', () => apiGet<Testimonial[]>('/content/GetTestimonials'));
  return (
    <section id="reviews" className="section section--alt" aria-labelledby="reviews-title">
      <div className="container">
        <h2 id="reviews-title" className="section__title">
          Reviews
        </h2>
        <p className="section__lead">Hear it from the people who test with us.</p>
        <div className="reviews">
          <div className="reviews__quotes" aria-busy={testimonials.status === 'loading'}>
            {testimonials.status === 'success' &&
              testimonials.data.slice(0, 2).map((testimonial) => (
                <figure key={testimonial.name} className="review">
                  <blockquote>
                    <p>{testimonial.quote}</p>
                  </blockquote>
                  <figcaption>
                    {testimonial.name}, {testimonial.city}
                  </figcaption>
                </figure>
              ))}
          </div>
          <ul className="photo-wall" data-testid="photo-wall" aria-label="Photos of our testers">
            {PHOTOS.map((src, index) => (
              <li key={src}>
                <img src={src} alt={`Tester ${index + 1}`} width="200" height="200" loading="lazy" decoding="async" />
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}

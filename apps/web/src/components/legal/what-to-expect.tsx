import { Link } from 'react-router';
import { COMPANY } from '@testerhub/shared/company';
import { RULES_CONSTANTS, TESTS_PER_YEAR_CLAIM } from '@testerhub/shared/marketing';
import { PhoneLink } from './legal-parts';
import './legal.css';

export function WhatToExpect() {
  return (
    <article className="legal">
      <p>
        As a {COMPANY.communityName} tester you try products before they reach store shelves and tell the companies that make them what you
        really think. You do not need any experience: we only ask for your honest opinion, and we pay you for your time. Here is what taking
        part looks like, from registration to payment.
      </p>

      <section aria-labelledby="expect-steps">
        <h2 id="expect-steps">How it works</h2>
        <ol>
          <li>
            <strong>Register.</strong> Create a free account and tell us a little about yourself and your household. The more complete your
            profile, the better we can match you with studies.
          </li>
          <li>
            <strong>Hear from us.</strong> When a study looks like a good fit, we contact you by phone or e-mail with the basics: what kind
            of study it is, where and when it takes place, and what it pays.
          </li>
          <li>
            <strong>Complete a pre-screener.</strong> A short questionnaire, online or by phone, checks whether you match the group of
            people the study needs. There are no right or wrong answers, so simply answer truthfully.
          </li>
          <li>
            <strong>Schedule your session.</strong> If you qualify, choose a time that suits you. Your confirmed appointment appears in your
            account, where you can check it at any time.
          </li>
          <li>
            <strong>Attend and check in.</strong> Arrive {RULES_CONSTANTS.arriveEarlyMinutes} minutes early with a government-issued photo
            ID. Our staff check you in and show you where to go.
          </li>
          <li>
            <strong>Collect your payment.</strong> Depending on the study you are paid in cash on site when the session ends, by check sent
            in the mail, or with a gift card for take-home studies.
          </li>
          <li>
            <strong>Your opinions go to work.</strong> Your answers are combined with those of other testers, analysed, and reported to our
            clients anonymously. Your name is never attached to what you said.
          </li>
        </ol>
      </section>

      <section aria-labelledby="expect-visit">
        <h2 id="expect-visit">A study visit, step by step</h2>
        <p>
          When you arrive, go to the reception desk and show your photo ID. You will be checked in, either by a staff member or at our time
          clock, which may use a finger or face scan (see our <Link to="/popup/biometric-private-policy">Biometric Data Policy</Link>). You
          then wait in the lobby until a host brings your group to the testing room.
        </p>
        <p>
          Before the session starts, the host explains what you will be doing and answers your questions. Depending on the study, you might
          taste several samples and rate each one, try a product and describe how it worked, or join a relaxed discussion led by a
          moderator. You record your answers on a tablet, a computer or paper. Some sessions are observed or recorded for the research team;
          if so, you will be told before the session begins.
        </p>
        <p>
          The length of the session and the amount you will earn are given when you schedule, so there are no surprises. Nobody will try to
          sell you anything: you are there to give your opinion, not to buy. If you have a food allergy or another restriction, mention it
          in the pre-screener so we only invite you to studies that are safe for you.
        </p>
      </section>

      <section aria-labelledby="expect-kinds">
        <h2 id="expect-kinds">Kinds of studies</h2>
        <ul>
          <li>
            <strong>Taste tests:</strong> sample foods or drinks and tell us about flavour, texture and what you would change.
          </li>
          <li>
            <strong>Product usage tests:</strong> use an everyday product, such as a cleaner or a personal-care item, and describe how well
            it worked for you.
          </li>
          <li>
            <strong>Focus groups:</strong> share your views in a small group conversation guided by a professional moderator.
          </li>
          <li>
            <strong>In-person studies:</strong> sessions held at one of our test centres, where everything you need is provided.
          </li>
          <li>
            <strong>Take-home studies:</strong> pick up or receive a product, use it at home for a set period, then answer a few questions
            about it.
          </li>
          <li>
            <strong>Online screeners:</strong> short questionnaires in your account that earn coins and can lead to an invitation to a paid
            study.
          </li>
        </ul>
      </section>

      <section aria-labelledby="expect-often">
        <h2 id="expect-often">How often you can test</h2>
        <p>
          Most testers take part {TESTS_PER_YEAR_CLAIM} times a year. Each study looks for a particular group of people, so not every
          screener leads to an invitation. We also space out invitations so that studies hear from a broad mix of consumers and so that a
          recent study on a similar product does not colour your answers. Keeping your profile up to date and answering screeners promptly
          gives you the best chance of being selected.
        </p>
      </section>

      <section aria-labelledby="expect-next">
        <h2 id="expect-next">Before your first visit</h2>
        <p>
          Please read the <Link to="/popup/rules">Tester Rules</Link> and our{' '}
          <Link to="/popup/cancellation-policy">Cancellation Policy</Link>. Many common questions are answered in the{' '}
          <Link to="/popup/faqs">FAQs</Link>. If anything is still unclear, call Tester Services at{' '}
          <PhoneLink phone={COMPANY.supportPhone} />, {COMPANY.supportHours}.
        </p>
      </section>
    </article>
  );
}

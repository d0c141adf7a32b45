import { useSyncExternalStore } from 'react';
import { Link, useSearchParams } from 'react-router';
import { COMPANY, MINIMUM_ONLINE_AGE } from '@testerhub/shared/company';
import { NEW_TESTER_DRAWING } from '@testerhub/shared/marketing';
import { EffectiveDate, EmailLink, PhoneLink } from './legal-parts';
import './legal.css';

type Lang = 'en' | 'es';

const subscribeNever = () => () => {};

/**
 * The prerendered HTML is English whatever the query string, so hydration must render English too
 * (the server snapshot); React then re-renders with the requested language.
 */
function useLanguage(): Lang {
  const [params] = useSearchParams();
  const hydrated = useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
  return hydrated && params.get('lang') === 'es' ? 'es' : 'en';
}

export function CommunityTerms() {
  const lang = useLanguage();
  return (
    <article className="legal" lang={lang}>
      <nav className="legal__lang" aria-label={lang === 'es' ? 'Idioma' : 'Language'}>
        <Link to={{ search: '?lang=en' }} replace lang="en" hrefLang="en" aria-current={lang === 'en' ? 'true' : undefined}>
          English
        </Link>
        <span aria-hidden="true">|</span>
        <Link to={{ search: '?lang=es' }} replace lang="es" hrefLang="es" aria-current={lang === 'es' ? 'true' : undefined}>
          Español
        </Link>
      </nav>
      <EffectiveDate lang={lang} />
      {lang === 'es' ? <SpanishTerms /> : <EnglishTerms />}
    </article>
  );
}

function EnglishTerms() {
  return (
    <>
      <p>
        These terms apply to membership in the {COMPANY.communityName} tester community, run by {COMPANY.legalName}. Please read them before
        you complete your registration: ticking the terms box means you accept them.
      </p>

      <section aria-labelledby="ct-en-who">
        <h2 id="ct-en-who">Who can join</h2>
        <ul>
          <li>Testers must be {MINIMUM_ONLINE_AGE} years of age or older and live in the United States.</li>
          <li>
            Teens aged {MINIMUM_ONLINE_AGE} to 17 may join only with the permission of a parent or legal guardian, who should review these
            terms with them.
          </li>
          <li>
            Children under {MINIMUM_ONLINE_AGE} cannot register online. A parent or guardian who is a registered tester can register them
            only through Tester Services at <PhoneLink phone={COMPANY.supportPhone} />.
          </li>
        </ul>
      </section>

      <section aria-labelledby="ct-en-account">
        <h2 id="ct-en-account">Your account</h2>
        <p>
          Only one account is allowed per person; duplicate accounts may be closed and their coins forfeited. Several people in the same
          household may each have their own account. The information you give must be true and up to date, and your date of birth must match
          your state ID or driver's licence. Keep your password to yourself.
        </p>
      </section>

      <section aria-labelledby="ct-en-coins">
        <h2 id="ct-en-coins">Coins and rewards</h2>
        <p>
          You earn coins for online screeners, About-me questions, quick surveys and other activities. Coins have no cash value: they cannot
          be exchanged for money, sold or transferred, but you can redeem them for gift cards and other prizes in your account. The
          incentives paid for taking part in a study (cash, check or gift card) are separate from coins.
        </p>
      </section>

      <section aria-labelledby="ct-en-welcome">
        <h2 id="ct-en-welcome">Welcome gift and new-tester drawing</h2>
        <p>
          When you complete your registration you receive a welcome gift of coins. First-time registrants are also entered in our new-tester
          drawing for a {NEW_TESTER_DRAWING.prize}: {NEW_TESTER_DRAWING.winnersPerQuarter} winner is drawn each quarter, and you are
          eligible only for the drawing of the quarter in which you first register. No purchase or study participation is necessary.
        </p>
      </section>

      <section aria-labelledby="ct-en-contact">
        <h2 id="ct-en-contact">How we contact you</h2>
        <p>
          We may contact you by phone, text message or e-mail about studies and your account. You can change these preferences at any time
          in your account settings. Message and data rates may apply.
        </p>
      </section>

      <section aria-labelledby="ct-en-privacy">
        <h2 id="ct-en-privacy">Privacy and other terms</h2>
        <p>
          Our <Link to="/popup/privacy">Privacy Policy</Link> explains how we use your information. These terms go together with our{' '}
          <Link to="/popup/terms">Terms of Use</Link> and <Link to="/popup/conditions">Terms and Conditions</Link>.
        </p>
      </section>

      <section aria-labelledby="ct-en-withdraw">
        <h2 id="ct-en-withdraw">Leaving the community</h2>
        <p>
          You may withdraw at any time by calling <PhoneLink phone={COMPANY.withdrawalPhone} /> ({COMPANY.supportHours}). We will close your
          account and stop contacting you; coins that have not been redeemed are forfeited when you withdraw.
        </p>
      </section>

      <section aria-labelledby="ct-en-changes">
        <h2 id="ct-en-changes">Changes and questions</h2>
        <p>
          We may update these terms; if you keep using your account after a change, you accept the new version. Questions? Call{' '}
          <PhoneLink phone={COMPANY.supportPhone} /> or write to <EmailLink email={COMPANY.supportEmail} />.
        </p>
      </section>
    </>
  );
}

// The prize text is English ('$50 gift card'); the Spanish sentence only reuses its amount.
const prizeAmount = /\$\d+/.exec(NEW_TESTER_DRAWING.prize)?.[0];

function SpanishTerms() {
  return (
    <>
      <p>
        Estos términos se aplican a la membresía en la comunidad de probadores {COMPANY.communityName}, administrada por {COMPANY.legalName}
        . Léalos antes de completar su registro: al marcar la casilla de los términos, usted los acepta.
      </p>

      <section aria-labelledby="ct-es-who">
        <h2 id="ct-es-who">Quién puede participar</h2>
        <ul>
          <li>Los probadores deben tener {MINIMUM_ONLINE_AGE} años o más y residir en los Estados Unidos.</li>
          <li>
            Los adolescentes de {MINIMUM_ONLINE_AGE} a 17 años solo pueden registrarse con el permiso de su padre, madre o tutor legal,
            quien debe revisar estos términos con ellos.
          </li>
          <li>
            Los niños menores de {MINIMUM_ONLINE_AGE} años no pueden registrarse en línea. Un padre, madre o tutor que ya sea probador
            registrado puede inscribirlos únicamente a través de Servicios al Probador, llamando al{' '}
            <PhoneLink phone={COMPANY.supportPhone} />.
          </li>
        </ul>
      </section>

      <section aria-labelledby="ct-es-account">
        <h2 id="ct-es-account">Su cuenta</h2>
        <p>
          Se permite una sola cuenta por persona; las cuentas duplicadas pueden cerrarse y sus monedas perderse. Varias personas del mismo
          hogar pueden tener cada una su propia cuenta. La información que nos proporcione debe ser verdadera y estar actualizada, y su
          fecha de nacimiento debe coincidir con su identificación estatal o su licencia de conducir. No comparta su contraseña con nadie.
        </p>
      </section>

      <section aria-labelledby="ct-es-coins">
        <h2 id="ct-es-coins">Monedas y premios</h2>
        <p>
          Usted gana monedas al completar cuestionarios de preselección en línea, preguntas sobre usted (About me), encuestas rápidas y
          otras actividades. Las monedas no tienen valor en efectivo: no se pueden cambiar por dinero, vender ni transferir, pero puede
          canjearlas por tarjetas de regalo y otros premios desde su cuenta. Los incentivos que se pagan por participar en un estudio
          (efectivo, cheque o tarjeta de regalo) son independientes de las monedas.
        </p>
      </section>

      <section aria-labelledby="ct-es-welcome">
        <h2 id="ct-es-welcome">Regalo de bienvenida y sorteo para nuevos probadores</h2>
        <p>
          Al completar su registro, usted recibe un regalo de bienvenida en monedas. Quienes se registran por primera vez participan además
          en nuestro sorteo para nuevos probadores de una tarjeta de regalo
          {prizeAmount ? ` de ${prizeAmount}` : ''}: se elige {NEW_TESTER_DRAWING.winnersPerQuarter} ganador cada trimestre, y usted solo
          participa en el sorteo del trimestre en que se registró por primera vez. No se requiere ninguna compra ni participar en estudios.
        </p>
      </section>

      <section aria-labelledby="ct-es-contact">
        <h2 id="ct-es-contact">Cómo nos comunicamos con usted</h2>
        <p>
          Podemos comunicarnos con usted por teléfono, mensaje de texto o correo electrónico sobre estudios y sobre su cuenta. Puede cambiar
          estas preferencias en cualquier momento en la configuración de su cuenta. Pueden aplicarse tarifas de mensajes y datos.
        </p>
      </section>

      <section aria-labelledby="ct-es-privacy">
        <h2 id="ct-es-privacy">Privacidad y otros términos</h2>
        <p>
          Nuestra <Link to="/popup/privacy">Política de privacidad</Link> (en inglés) explica cómo usamos su información. Estos términos se
          complementan con nuestros <Link to="/popup/terms">Términos de uso</Link> y{' '}
          <Link to="/popup/conditions">Términos y condiciones</Link> (en inglés).
        </p>
      </section>

      <section aria-labelledby="ct-es-withdraw">
        <h2 id="ct-es-withdraw">Cómo retirarse de la comunidad</h2>
        <p>
          Puede retirarse en cualquier momento llamando al <PhoneLink phone={COMPANY.withdrawalPhone} />. Cerraremos su cuenta y dejaremos
          de comunicarnos con usted; las monedas que no haya canjeado se pierden al retirarse.
        </p>
      </section>

      <section aria-labelledby="ct-es-changes">
        <h2 id="ct-es-changes">Cambios y preguntas</h2>
        <p>
          Podemos actualizar estos términos; si sigue usando su cuenta después de un cambio, acepta la nueva versión. ¿Tiene preguntas?
          Llame al <PhoneLink phone={COMPANY.supportPhone} /> o escriba a <EmailLink email={COMPANY.supportEmail} />.
        </p>
      </section>
    </>
  );
}

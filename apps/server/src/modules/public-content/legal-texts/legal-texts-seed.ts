import { COMPANY, GOVERNING_LAW_STATE, LEGAL_TEXTS_EFFECTIVE_DATE, MINIMUM_ONLINE_AGE } from '@testerhub/shared/company';
import type { Executor } from '../../../core/db/client.ts';
import { createPublicContentRepository } from '../public-content-repository.ts';

/**
 * The console's demo history of a legal text (decision 070): the Cancellation Policy published
 * once and then returned to its built-in text, so every page still shows its built-in text (the
 * prerendered pages and their browser tests are unchanged) while the editor has a history to show.
 * The published version has its Spanish text too (decision 132).
 */
export async function seedDemoLegalTexts(tx: Executor, today: Date): Promise<void> {
  const texts = createPublicContentRepository(tx);
  const day = 24 * 3600_000;
  await texts.insertLegalTextVersion({
    page: 'cancellation-policy',
    version: 1,
    bodyHtml:
      '<article class="legal"><h2>Changing or cancelling an appointment</h2><p>Please tell us at least 24 hours before your session if you cannot come, so that another tester can take your seat.</p></article>',
    bodyHtmlEs:
      '<article class="legal"><h2>Cambiar o cancelar una cita</h2><p>Si no puede asistir, le rogamos que nos avise al menos 24 horas antes de su sesión, para que otro probador pueda ocupar su lugar.</p></article>',
    publishedAt: new Date(today.getTime() - 14 * day),
    publishedBy: null,
  });
  await texts.insertLegalTextVersion({
    page: 'cancellation-policy',
    version: 2,
    bodyHtml: null,
    bodyHtmlEs: null,
    publishedAt: new Date(today.getTime() - 7 * day),
    publishedBy: null,
  });
}

const telHref = (phone: string) => `tel:+1${phone.replace(/\D/g, '')}`;
const effectiveDateEs = new Intl.DateTimeFormat('es-US', { dateStyle: 'long', timeZone: 'UTC' }).format(
  new Date(`${LEGAL_TEXTS_EFFECTIVE_DATE}T00:00:00Z`),
);

/**
 * The built-in Terms of Use (web: components/legal/terms-of-use.tsx) in Spanish, formal "usted":
 * a translation of that text, section for section, with the same company details and links.
 */
export const TERMS_OF_USE_ES = `<article class="legal" lang="es">
<p class="legal__effective">Vigente desde el <time datetime="${LEGAL_TEXTS_EFFECTIVE_DATE}">${effectiveDateEs}</time></p>
<p>Estos Términos de uso rigen el uso que usted haga del sitio web y del portal de probadores de ${COMPANY.communityName} (el «Sitio»), operado por ${COMPANY.legalName} («nosotros» o «nuestro»). Al visitar el Sitio o crear una cuenta, usted acepta estos términos. Si no está de acuerdo con ellos, le rogamos que no utilice el Sitio.</p>
<section aria-labelledby="tou-eligibility"><h2 id="tou-eligibility">1. Quién puede usar el Sitio</h2>
<p>Pueden abrir una cuenta los residentes de los Estados Unidos que tengan ${MINIMUM_ONLINE_AGE} años o más. Los miembros menores de 18 años necesitan el permiso de su padre, madre o tutor legal, quien es responsable del uso que hagan del Sitio. Los menores de ${MINIMUM_ONLINE_AGE} años no pueden registrarse en línea; su padre, madre o tutor solo puede inscribirlos a través de Servicios al Probador.</p></section>
<section aria-labelledby="tou-account"><h2 id="tou-account">2. Su cuenta</h2>
<p>Cada persona puede tener una sola cuenta, aunque varios miembros de un mismo hogar pueden tener cada uno la suya. La información que usted nos proporcione debe ser verdadera y completa, y debe mantenerse al día. Usted es responsable de mantener su contraseña en secreto y de todo lo que se haga con su cuenta; avísenos de inmediato si cree que otra persona la ha usado.</p></section>
<section aria-labelledby="tou-acceptable"><h2 id="tou-acceptable">3. Uso aceptable</h2>
<p>Al usar el Sitio, usted se compromete a no:</p>
<ul>
<li>proporcionar información falsa, hacerse pasar por otra persona ni crear más de una cuenta;</li>
<li>responder cuestionarios de selección o encuestas en nombre de otra persona, ni con respuestas que sabe que no son ciertas;</li>
<li>usar scripts, bots u otros medios automatizados para acceder al Sitio, obtener monedas o enviar respuestas;</li>
<li>copiar, extraer o volver a publicar contenido del Sitio, incluidos los materiales de estudio que se le muestren;</li>
<li>intentar acceder a cuentas, sistemas o datos que no sean suyos, ni perturbar el funcionamiento del Sitio;</li>
<li>subir nada que sea ilícito, dañino u ofensivo, o que infrinja los derechos de otras personas.</li>
</ul></section>
<section aria-labelledby="tou-studies"><h2 id="tou-studies">4. Estudios, cuestionarios de selección y recompensas</h2>
<p>Registrarse no garantiza que se le invite a un estudio ni que usted califique para alguno. La participación en estudios, los incentivos que se pagan por ellos, las monedas, los sorteos, las recompensas por referidos y los canjes se rigen por nuestros <a href="/popup/conditions">Términos y condiciones</a>, las <a href="/popup/rules">Reglas para probadores</a> y la <a href="/popup/cancellation-policy">Política de cancelación</a>, que forman parte de estos términos. Las monedas no tienen valor en efectivo y no se pueden vender, transferir ni cambiar por dinero.</p></section>
<section aria-labelledby="tou-confidential"><h2 id="tou-confidential">5. Material confidencial</h2>
<p>Es posible que los productos, conceptos, empaques y preguntas que se le muestren en el Sitio o durante un estudio aún no sean públicos. Usted se compromete a mantenerlos en confidencialidad y a no copiarlos, fotografiarlos, grabarlos ni compartirlos con nadie.</p></section>
<section aria-labelledby="tou-responses"><h2 id="tou-responses">6. Sus respuestas</h2>
<p>Usted nos otorga a nosotros y a nuestros clientes un derecho perpetuo y libre de regalías para usar, con fines de investigación y desarrollo de productos, las respuestas, comentarios e ideas que usted aporte en cuestionarios de selección, encuestas y estudios. Comunicamos las respuestas a los clientes sin su nombre ni sus datos de contacto, como se describe en nuestra <a href="/popup/privacy">Política de privacidad</a>. Usted no recibirá ningún pago por sus respuestas aparte de los incentivos anunciados para cada estudio.</p></section>
<section aria-labelledby="tou-ip"><h2 id="tou-ip">7. Nuestro contenido</h2>
<p>El Sitio y sus textos, gráficos, logotipos, software y diseño pertenecen a ${COMPANY.legalName} o a sus licenciantes y están protegidos por la ley. Usted puede ver e imprimir páginas solo para su uso personal y no comercial.</p></section>
<section aria-labelledby="tou-privacy"><h2 id="tou-privacy">8. Privacidad</h2>
<p>Nuestra <a href="/popup/privacy">Política de privacidad</a> explica cómo recopilamos y usamos la información personal, y nuestra <a href="/popup/biometric-private-policy">Política de datos biométricos</a> explica cómo tratamos los escaneos de registro en nuestros centros de pruebas.</p></section>
<section aria-labelledby="tou-links"><h2 id="tou-links">9. Otros sitios web</h2>
<p>El Sitio puede contener enlaces a sitios web administrados por terceros, como proveedores de tarjetas de regalo o plataformas externas de encuestas. No controlamos esos sitios ni somos responsables de su contenido o sus prácticas; se aplican sus propios términos.</p></section>
<section aria-labelledby="tou-disclaimer"><h2 id="tou-disclaimer">10. Exención de responsabilidad y limitación de responsabilidad</h2>
<p>El Sitio se ofrece «tal cual» y «según disponibilidad». No prometemos que esté siempre disponible, sin interrupciones ni libre de errores. En la máxima medida que permita la ley, ${COMPANY.legalName} no es responsable de ninguna pérdida indirecta, incidental o consecuente derivada del uso que usted haga del Sitio, y nuestra responsabilidad total ante usted por cualquier reclamación relacionada con el Sitio se limita a los incentivos que se le adeuden por los estudios que haya completado.</p></section>
<section aria-labelledby="tou-indemnity"><h2 id="tou-indemnity">11. Indemnización</h2>
<p>Usted se compromete a compensarnos por cualquier reclamación, pérdida o gasto, incluidos honorarios legales razonables, que resulte de su incumplimiento de estos términos o del uso indebido que haga del Sitio.</p></section>
<section aria-labelledby="tou-termination"><h2 id="tou-termination">12. Suspensión y cierre de cuentas</h2>
<p>Podemos suspender o cerrar una cuenta, y retener las monedas no canjeadas, si tenemos motivos razonables para creer que se han incumplido estos términos. Usted puede cerrar su cuenta en cualquier momento comunicándose con Servicios al Probador.</p></section>
<section aria-labelledby="tou-changes"><h2 id="tou-changes">13. Cambios en estos términos</h2>
<p>Podemos actualizar estos términos de vez en cuando. La fecha de vigencia indicada arriba muestra cuándo cambiaron por última vez. Si usted sigue usando el Sitio después de un cambio, acepta los términos actualizados.</p></section>
<section aria-labelledby="tou-law"><h2 id="tou-law">14. Ley aplicable</h2>
<p>Estos términos se rigen por las leyes del Estado de ${GOVERNING_LAW_STATE}, sin tener en cuenta sus normas sobre conflictos de leyes. Si alguna parte de ellos se considera inaplicable, el resto seguirá en vigor.</p></section>
<section aria-labelledby="tou-contact"><h2 id="tou-contact">15. Contáctenos</h2>
<address class="legal__contact">${COMPANY.legalName}<br>${COMPANY.mailingAddress}<br>Teléfono: <a href="${telHref(COMPANY.supportPhone)}">${COMPANY.supportPhone}</a> (${COMPANY.supportHoursEs})<br>Correo electrónico: <a href="mailto:${COMPANY.supportEmail}">${COMPANY.supportEmail}</a></address></section>
</article>`;

/**
 * The Terms of Use's Spanish text for the demo (decision 132): a new version whose English is the
 * built-in text still (so English readers and the prerendered page see no change, and testers
 * are not asked to accept again: the terms did not change, only gained a translation) and whose
 * Spanish is TERMS_OF_USE_ES. Only over the built-in English: a translation of it beside a
 * published English body would not be one.
 */
export async function seedDemoSpanishTerms(tx: Executor, today: Date): Promise<void> {
  const texts = createPublicContentRepository(tx);
  const current = await texts.currentLegalText('terms');
  if (current?.bodyHtml != null) return;
  await texts.insertLegalTextVersion({
    page: 'terms',
    version: (current?.version ?? 0) + 1,
    bodyHtml: null,
    bodyHtmlEs: TERMS_OF_USE_ES,
    publishedAt: today,
    publishedBy: null,
  });
}

import { COMPANY } from '@testerhub/shared/company';
import type { Language } from '@testerhub/shared/account-messages';
import type { MailAttachment } from './mail-tables.ts';
import type { OutgoingEmail } from './outbox-repository.ts';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);
}

/** One layout for every message: a greeting, paragraphs, one button, the same text as plain text. */
function layout(options: {
  to: string;
  subject: string;
  kind: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; href: string };
  footer: string;
}): OutgoingEmail {
  const { to, subject, kind, greeting, paragraphs, action, footer } = options;
  const html = `<!doctype html><html><body style="margin:0;background:#f4f7fb;font-family:Arial,sans-serif;color:#1d2939">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#fff;border-radius:8px;padding:28px">
<tr><td><h1 style="font-size:20px;color:#0b5cab;margin:0 0 16px">${escapeHtml(COMPANY.communityName)}</h1>
<p>${escapeHtml(greeting)}</p>
${paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n')}
${action ? `<p style="margin:24px 0"><a href="${escapeHtml(action.href)}" style="background:#0b5cab;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(action.label)}</a></p><p style="font-size:13px;color:#4a5565">${escapeHtml(action.href)}</p>` : ''}
<p style="font-size:13px;color:#4a5565">${escapeHtml(footer)}</p></td></tr></table></td></tr></table></body></html>`;
  const text = [
    greeting,
    '',
    ...paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(action ? [`${action.label}: ${action.href}`, ''] : []),
    footer,
  ].join('\n');
  return { toAddress: to, subject, html, text, kind };
}

const SIGNATURE = {
  en: `${COMPANY.name} Tester Services · ${COMPANY.supportPhone} · ${COMPANY.supportHours}`,
  es: `Servicios al Probador de ${COMPANY.name} · ${COMPANY.supportPhone} · lunes a viernes, 9am-5pm CST`,
};

export function confirmEmailMessage(options: {
  to: string;
  firstName: string;
  username: string;
  link: string;
  language: Language;
}): OutgoingEmail {
  const { to, firstName, username, link, language } = options;
  if (language === 'es') {
    return layout({
      to,
      kind: 'confirm-email',
      subject: `Confirme su correo electrónico de ${COMPANY.communityName}`,
      greeting: `Hola ${firstName}:`,
      paragraphs: [
        `Gracias por registrarse. Su nombre de usuario es ${username}.`,
        'Confirme su dirección de correo electrónico para activar su cuenta.',
      ],
      action: { label: 'Confirmar mi correo electrónico', href: link },
      footer: SIGNATURE.es,
    });
  }
  return layout({
    to,
    kind: 'confirm-email',
    subject: `Confirm your ${COMPANY.communityName} e-mail address`,
    greeting: `Hi ${firstName},`,
    paragraphs: [
      `Thank you for registering. Your username is ${username}.`,
      'Please confirm your e-mail address to activate your account.',
    ],
    action: { label: 'Confirm my e-mail address', href: link },
    footer: SIGNATURE.en,
  });
}

export function usernameMessage(options: {
  to: string;
  firstName: string;
  username: string;
  loginLink: string;
  language: Language;
}): OutgoingEmail {
  const { to, firstName, username, loginLink, language } = options;
  if (language === 'es') {
    return layout({
      to,
      kind: 'username',
      subject: `Su nombre de usuario de ${COMPANY.communityName}`,
      greeting: `Hola ${firstName}:`,
      paragraphs: [`Su nombre de usuario es ${username}.`, 'Si usted no lo solicitó, puede ignorar este mensaje.'],
      action: { label: 'Iniciar sesión', href: loginLink },
      footer: SIGNATURE.es,
    });
  }
  return layout({
    to,
    kind: 'username',
    subject: `Your ${COMPANY.communityName} username`,
    greeting: `Hi ${firstName},`,
    paragraphs: [`Your username is ${username}.`, 'If you did not ask for this, you can ignore this message.'],
    action: { label: 'Log in', href: loginLink },
    footer: SIGNATURE.en,
  });
}

export function resetPasswordMessage(options: {
  to: string;
  firstName: string;
  link: string;
  validMinutes: number;
  language: Language;
}): OutgoingEmail {
  const { to, firstName, link, validMinutes, language } = options;
  if (language === 'es') {
    return layout({
      to,
      kind: 'reset-password',
      subject: `Restablezca su contraseña de ${COMPANY.communityName}`,
      greeting: `Hola ${firstName}:`,
      paragraphs: [
        `Recibimos una solicitud para restablecer su contraseña. El enlace es válido durante ${validMinutes} minutos y se puede usar una sola vez.`,
        'Si usted no lo solicitó, ignore este mensaje: su contraseña no cambiará.',
      ],
      action: { label: 'Elegir una nueva contraseña', href: link },
      footer: SIGNATURE.es,
    });
  }
  return layout({
    to,
    kind: 'reset-password',
    subject: `Reset your ${COMPANY.communityName} password`,
    greeting: `Hi ${firstName},`,
    paragraphs: [
      `We received a request to reset your password. The link works for ${validMinutes} minutes and only once.`,
      'If you did not ask for this, ignore this message: your password stays as it is.',
    ],
    action: { label: 'Choose a new password', href: link },
    footer: SIGNATURE.en,
  });
}

/**
 * To a parent who registered a child online: the link confirms the parent's e-mail; Tester Services
 * confirm the child by phone within the hours given, or the registration is removed (decision 079).
 * The subject holds no typed name (issue 24): the child is named in the body.
 */
export function childConfirmationMessage(options: {
  to: string;
  parentFirstName: string;
  childName: string;
  link: string;
  hours: number;
  language: Language;
}): OutgoingEmail {
  const { to, parentFirstName, childName, link, hours, language } = options;
  if (language === 'es') {
    return layout({
      to,
      subject: `Confirme el registro de su hijo o hija en ${COMPANY.communityName}`,
      kind: 'confirm-child',
      greeting: `Hola ${parentFirstName}:`,
      paragraphs: [
        `Registró a ${childName} en su cuenta de ${COMPANY.communityName}.`,
        `Tester Services le llamará dentro de ${hours} horas para confirmar a ${childName}; si no se confirma en ese plazo, el registro vence y sus datos se eliminan.`,
        'Mientras tanto, confirme su dirección de correo electrónico con el botón.',
        'Si no fue usted, ignore este mensaje.',
      ],
      action: { label: 'Confirmar mi correo electrónico', href: link },
      footer: SIGNATURE.es,
    });
  }
  return layout({
    to,
    subject: `Confirm your child's ${COMPANY.communityName} registration`,
    kind: 'confirm-child',
    greeting: `Hi ${parentFirstName},`,
    paragraphs: [
      `You registered ${childName} on your ${COMPANY.communityName} account.`,
      `Tester Services will call you within ${hours} hours to confirm ${childName}; a registration not confirmed by then expires and your child's details are removed.`,
      'Meanwhile, please confirm your e-mail address with the button below.',
      'If this was not you, ignore this message.',
    ],
    action: { label: 'Confirm my e-mail address', href: link },
    footer: SIGNATURE.en,
  });
}

/**
 * An invitation to screen for a study (decision 026). The link is our own /community address with
 * s, t and d (the old CommonAP.aspx link's parameters); the staff console sends it through the
 * study-links service's enqueueInvitation.
 */
export function invitationMessage(options: {
  to: string;
  firstName: string;
  studyName: string;
  coinValue: number;
  link: string;
  validDays: number;
  language: Language;
}): OutgoingEmail {
  const { to, firstName, studyName, coinValue, link, validDays, language } = options;
  if (language === 'es') {
    return layout({
      to,
      kind: 'study-invitation',
      subject: `Lo invitamos a un nuevo estudio de ${COMPANY.communityName}`,
      greeting: `Hola ${firstName}:`,
      paragraphs: [
        `Creemos que usted podría ser ideal para un nuevo estudio: ${studyName}.`,
        `Conteste unas breves preguntas para saber si califica. Si califica, recibirá ${coinValue} monedas.`,
        `Inicie sesión con su propia cuenta. El enlace es válido durante ${validDays} días.`,
      ],
      action: { label: 'Ver el estudio', href: link },
      footer: SIGNATURE.es,
    });
  }
  return layout({
    to,
    kind: 'study-invitation',
    subject: `You are invited to a new ${COMPANY.communityName} study`,
    greeting: `Hi ${firstName},`,
    paragraphs: [
      `We think you could be a great fit for a new study: ${studyName}.`,
      `Answer a few short questions to see if you qualify. If you do, you earn ${coinValue} coins.`,
      `Please log in with your own account. The link works for ${validDays} days.`,
    ],
    action: { label: 'See the study', href: link },
    footer: SIGNATURE.en,
  });
}

/**
 * To a friend a tester referred (decision 036): an invitation to join, with the join link carrying
 * the referral code. The subject holds no name anyone typed (issue 24): the referrer is named in the body.
 */
export function referralInvitationMessage(options: {
  to: string;
  firstName: string;
  referrerFirstName: string;
  link: string;
}): OutgoingEmail {
  const { to, firstName, referrerFirstName, link } = options;
  return layout({
    to,
    kind: 'referral-invitation',
    subject: `A friend invites you to join ${COMPANY.communityName}`,
    greeting: `Hi ${firstName},`,
    paragraphs: [
      `${referrerFirstName} thinks you would enjoy testing products with ${COMPANY.communityName}: testers share their opinion on new products and are paid for their time.`,
      'Join through the link below: your friend is then credited for referring you.',
      'If you did not expect this message, ignore it: nothing else will be sent.',
    ],
    action: { label: 'Join the community', href: link },
    footer: SIGNATURE.en,
  });
}

/**
 * A message in the common layout for another module's text (the schedule e-mails): English, with
 * Tester Services' signature, and any files it carries.
 */
export function standardMessage(options: {
  to: string;
  subject: string;
  kind: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; href: string };
  attachments?: MailAttachment[];
}): OutgoingEmail {
  const { attachments, ...rest } = options;
  return { ...layout({ ...rest, footer: SIGNATURE.en }), ...(attachments ? { attachments } : {}) };
}

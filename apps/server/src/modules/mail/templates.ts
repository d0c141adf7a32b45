import { COMPANY, supportHoursIn } from '@testerhub/shared/company';
import { bilingual, type Language } from '@testerhub/shared/i18n';
import en from '@testerhub/shared/locales/en/mail-account.json';
import es from '@testerhub/shared/locales/es/mail-account.json';
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

const accountTexts = bilingual(en, es);

/** The greeting every e-mail opens with, in the recipient's language. */
export function greetingFor(language: Language, firstName: string): string {
  return accountTexts(language)('greeting', { firstName });
}

/** Tester Services' signature under every e-mail, in the recipient's language. */
function signatureFor(language: Language): string {
  return accountTexts(language)('signature', { company: COMPANY.name, phone: COMPANY.supportPhone, hours: supportHoursIn(language) });
}

const community = COMPANY.communityName;

export function confirmEmailMessage(options: {
  to: string;
  firstName: string;
  username: string;
  link: string;
  language: Language;
}): OutgoingEmail {
  const { to, firstName, username, link, language } = options;
  const t = accountTexts(language);
  return layout({
    to,
    kind: 'confirm-email',
    subject: t('confirmSubject', { community }),
    greeting: greetingFor(language, firstName),
    paragraphs: [t('confirmThanks', { username }), t('confirmPlease')],
    action: { label: t('confirmAction'), href: link },
    footer: signatureFor(language),
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
  const t = accountTexts(language);
  return layout({
    to,
    kind: 'username',
    subject: t('usernameSubject', { community }),
    greeting: greetingFor(language, firstName),
    paragraphs: [t('usernameIs', { username }), t('usernameIgnore')],
    action: { label: t('usernameAction'), href: loginLink },
    footer: signatureFor(language),
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
  const t = accountTexts(language);
  return layout({
    to,
    kind: 'reset-password',
    subject: t('resetSubject', { community }),
    greeting: greetingFor(language, firstName),
    paragraphs: [t('resetReceived', { minutes: validMinutes }), t('resetIgnore')],
    action: { label: t('resetAction'), href: link },
    footer: signatureFor(language),
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
  const t = accountTexts(language);
  return layout({
    to,
    subject: t('childSubject', { community }),
    kind: 'confirm-child',
    greeting: greetingFor(language, parentFirstName),
    paragraphs: [
      t('childRegistered', { childName, community }),
      t('childCall', { hours, childName }),
      t('childConfirmEmail'),
      t('childIgnore'),
    ],
    action: { label: t('childAction'), href: link },
    footer: signatureFor(language),
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
  const t = accountTexts(language);
  return layout({
    to,
    kind: 'study-invitation',
    subject: t('invitationSubject', { community }),
    greeting: greetingFor(language, firstName),
    paragraphs: [
      t('invitationFit', { studyName }),
      t('invitationQualify', { coins: coinValue }),
      t('invitationLogIn', { days: validDays }),
    ],
    action: { label: t('invitationAction'), href: link },
    footer: signatureFor(language),
  });
}

/**
 * To a friend a tester referred (decision 036): an invitation to join, with the join link carrying
 * the referral code. The subject holds no name anyone typed (issue 24): the referrer is named in the body.
 * The friend has no row yet: the message is in the referrer's language (decision 115).
 */
export function referralInvitationMessage(options: {
  to: string;
  firstName: string;
  referrerFirstName: string;
  link: string;
  language: Language;
}): OutgoingEmail {
  const { to, firstName, referrerFirstName, link, language } = options;
  const t = accountTexts(language);
  return layout({
    to,
    kind: 'referral-invitation',
    subject: t('referralSubject', { community }),
    greeting: greetingFor(language, firstName),
    paragraphs: [t('referralEnjoy', { referrer: referrerFirstName, community }), t('referralJoin'), t('referralIgnore')],
    action: { label: t('referralAction'), href: link },
    footer: signatureFor(language),
  });
}

/**
 * A message in the common layout for another module's text (the schedule, loyalty and attendance
 * e-mails), with Tester Services' signature in the recipient's language (English when not given:
 * staff e-mails), and any files it carries.
 */
export function standardMessage(options: {
  to: string;
  subject: string;
  kind: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; href: string };
  attachments?: MailAttachment[];
  language?: Language;
}): OutgoingEmail {
  const { attachments, language = 'en', ...rest } = options;
  return { ...layout({ ...rest, footer: signatureFor(language) }), ...(attachments ? { attachments } : {}) };
}

import { z } from 'zod';
import { text } from './text.ts';

/**
 * The legal texts' bodies, versioned and published by content staff (issue 12 section 6;
 * decision 070). One schema per call serves the console's form and the server.
 */

/** The legal pages under /popup/, with their titles (the web's LEGAL_PAGES renders each one's built-in text). */
export const LEGAL_PAGE_TITLES = {
  expectation: 'What to Expect',
  rules: 'Tester Rules',
  terms: 'Terms of Use',
  privacy: 'Privacy Policy',
  'biometric-private-policy': 'Biometric Data Policy',
  'cancellation-policy': 'Cancellation Policy',
  conditions: 'Terms and Conditions',
  'community-terms': 'Community Terms and Conditions',
} as const;

/** The same titles for a Spanish reader (decision 132): the pages' headings and the staff console's Spanish field. */
export const LEGAL_PAGE_TITLES_ES: Record<keyof typeof LEGAL_PAGE_TITLES, string> = {
  expectation: 'Qué esperar',
  rules: 'Reglas para probadores',
  terms: 'Términos de uso',
  privacy: 'Política de privacidad',
  'biometric-private-policy': 'Política de datos biométricos',
  'cancellation-policy': 'Política de cancelación',
  conditions: 'Términos y condiciones',
  'community-terms': 'Términos y condiciones de la comunidad',
};

/** What a Spanish reader of a legal page sees around its text (decision 132). */
export const LEGAL_TEXTS_ES = {
  /** Above the English text when the version in force has no Spanish one. */
  englishOnly: 'Este texto solo está disponible en inglés.',
  loading: 'Cargando…',
  close: 'Cerrar',
} as const;

export type LegalPageKey = keyof typeof LEGAL_PAGE_TITLES;
export const LEGAL_PAGE_KEYS = Object.keys(LEGAL_PAGE_TITLES) as [LegalPageKey, ...LegalPageKey[]];

/** The script element the server adds to a prerendered legal page with the text in force (published or built-in), read by its first render. */
export const LEGAL_TEXT_SCRIPT_ID = 'legal-text-data';
/** Its companion with the answer a Spanish reader gets (decision 132): a script of its own, so the English one is as it was. */
export const LEGAL_TEXT_SPANISH_SCRIPT_ID = 'legal-text-data-es';

/** The page whose new version also asks every tester to accept the terms again (the terms gate links to it, decision 041). */
export const ACCEPTED_TERMS_PAGE: LegalPageKey = 'terms';

export const LEGAL_TEXTS = {
  pageRequired: 'Choose one of the legal pages.',
  bodyRequired: 'Enter the text of the page.',
  bodyTooLong: 'Keep the text under 200,000 characters.',
  unreadable: 'Remove the characters that cannot be stored.',
  scriptRefused: 'Scripts and styles cannot be part of a legal text: remove the <script> or <style> element.',
  tagRefused: (tag: string) => `The <${tag}> element is not allowed in a legal text.`,
  eventRefused: (attribute: string) => `Event attributes such as ${attribute} cannot be part of a legal text.`,
  attributeRefused: (attribute: string) => `The ${attribute} attribute is not allowed in a legal text.`,
  linkRefused: 'Links must go to a page of the site, a web address (http or https), an e-mail (mailto) or a phone number (tel).',
  strayAngle: 'A "<" that does not start an allowed tag: write it as &lt;.',
  published: 'New version published: visitors see it at once.',
  termsPublished: 'New version published: testers will be asked to accept the terms at their next visit.',
  restored: 'The built-in text is in force again.',
  alreadyBuiltIn: 'This page already shows its built-in text.',
  removedStaff: 'Not recorded (demo data or a removed staff account)',
  changed: 'Someone else published this page since you opened it. Reload to see their version, then publish yours if it is still needed.',
} as const;

/** Elements a legal text may hold: the ones the built-in texts use, plus tables and emphasis. */
const ALLOWED_TAGS = new Set([
  'a',
  'abbr',
  'address',
  'article',
  'b',
  'blockquote',
  'br',
  'caption',
  'code',
  'dd',
  'div',
  'dl',
  'dt',
  'em',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'i',
  'li',
  'nav',
  'ol',
  'p',
  'section',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'time',
  'tr',
  'u',
  'ul',
]);
const ALLOWED_ATTRIBUTES = new Set([
  'href',
  'id',
  'class',
  'lang',
  'hreflang',
  'title',
  'datetime',
  'aria-label',
  'aria-labelledby',
  'colspan',
  'rowspan',
  'scope',
  'start',
]);
const SAFE_SCHEMES = new Set(['http', 'https', 'mailto', 'tel']);

const TAG = /^<(\/?)([a-zA-Z][a-zA-Z0-9]*)((?:\s+[a-zA-Z][a-zA-Z0-9-]*(?:\s*=\s*(?:"[^"<>]*"|'[^'<>]*'))?)*)\s*\/?>/;
const ATTRIBUTE = /([a-zA-Z][a-zA-Z0-9-]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'))?/g;

/** Whether a link's address is one of the site's pages, an anchor, or a safe scheme (no javascript:, data:, ...). */
function safeHref(value: string): boolean {
  // Entities could spell a scheme ("javascript&colon;"): only &amp; is taken.
  if (/&(?!amp;)/i.test(value)) return false;
  // Browsers drop control characters and whitespace inside a scheme.
  const address = [...value.replace(/&amp;/gi, '&')].filter((char) => char > ' ' && char !== '\u007f').join('');
  const scheme = /^([^/?#]*):/.exec(address);
  return !scheme || SAFE_SCHEMES.has(scheme[1]!.toLowerCase());
}

/**
 * The first reason HTML cannot be stored as a legal text, or null: only the allow-listed elements
 * and attributes, no event attributes, links to safe addresses only, every "<" part of a tag. The
 * browser also sanitises it before showing it (DOMPurify's HTML profile, as for the FAQ answers).
 */
export function legalHtmlProblem(html: string): string | null {
  let at = html.indexOf('<');
  while (at !== -1) {
    const tag = TAG.exec(html.slice(at));
    if (!tag) {
      const name = /^<\/?\s*([a-zA-Z][a-zA-Z0-9]*)/.exec(html.slice(at))?.[1]?.toLowerCase();
      if (name === 'script' || name === 'style') return LEGAL_TEXTS.scriptRefused;
      return LEGAL_TEXTS.strayAngle;
    }
    const name = tag[2]!.toLowerCase();
    if (name === 'script' || name === 'style') return LEGAL_TEXTS.scriptRefused;
    if (!ALLOWED_TAGS.has(name)) return LEGAL_TEXTS.tagRefused(name);
    for (const attribute of tag[3]!.matchAll(ATTRIBUTE)) {
      const attributeName = attribute[1]!.toLowerCase();
      if (attributeName.startsWith('on')) return LEGAL_TEXTS.eventRefused(attributeName);
      if (!ALLOWED_ATTRIBUTES.has(attributeName)) return LEGAL_TEXTS.attributeRefused(attributeName);
      if (attributeName === 'href' && !safeHref(attribute[2] ?? attribute[3] ?? '')) return LEGAL_TEXTS.linkRefused;
    }
    at = html.indexOf('<', at + tag[0].length);
  }
  return null;
}

export const legalPageKeySchema = z.enum(LEGAL_PAGE_KEYS, { error: LEGAL_TEXTS.pageRequired });

/** The longest body, in characters, of each language (LEGAL_TEXTS.bodyTooLong says it). */
export const LEGAL_BODY_MAX_CHARS = 200_000;

export const legalBodySchema = text(LEGAL_TEXTS.unreadable, { error: LEGAL_TEXTS.bodyRequired })
  .trim()
  .min(1, LEGAL_TEXTS.bodyRequired)
  .max(LEGAL_BODY_MAX_CHARS, LEGAL_TEXTS.bodyTooLong)
  .superRefine((html, context) => {
    const problem = legalHtmlProblem(html);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

/**
 * A page's Spanish body (decision 132): null or absent, none (Spanish readers then get the English
 * text with a note; the console sends null for a blank field); a given one is validated as the
 * English body is.
 */
export const legalSpanishBodySchema = legalBodySchema.nullable().optional();

/**
 * GET /api/content/LegalText?page=: the published version of a page, or `version: null` when its
 * built-in text is in force, in the language the request asks (Accept-Language, decision 132).
 */
export const legalTextQuerySchema = z.object({ page: legalPageKeySchema });
const englishOnly = z
  .literal(true)
  .optional()
  .meta({ description: 'Spanish was asked and this version has no Spanish text: the English one is answered' });
export const publicLegalTextSchema = z.union([
  z.object({ version: z.null(), englishOnly }),
  z.object({
    version: z.number().int(),
    bodyHtml: z.string().meta({ description: 'HTML; sanitised again before it is shown' }),
    englishOnly,
  }),
]);
export type PublicLegalText = z.infer<typeof publicLegalTextSchema>;

const publication = z.object({
  version: z.number().int(),
  publishedAt: z.string(),
  publishedBy: z.string().meta({ description: "The publishing staff member's name" }),
  restoredBuiltIn: z.boolean().meta({ description: 'This version has no English body: the built-in English text is in force' }),
  spanish: z.boolean().meta({ description: 'This version has a Spanish text (decision 132)' }),
});
export type LegalPublication = z.infer<typeof publication>;

/** GET /staff/content/LegalTexts: every legal page with the version in force (null: the built-in text). */
export const staffLegalTextsResponseSchema = z.object({
  status: z.literal('succeed'),
  pages: z.array(z.object({ page: legalPageKeySchema, title: z.string(), current: publication.nullable() })),
});
export type StaffLegalTextsResponse = z.infer<typeof staffLegalTextsResponseSchema>;

/** GET /staff/content/LegalTextVersions?page=: the page's body in force (null: built-in, the console renders it) and its history, newest first. */
export const staffLegalTextResponseSchema = z.object({
  status: z.literal('succeed'),
  page: legalPageKeySchema,
  title: z.string(),
  latestVersion: z.number().int().meta({ description: 'The version a publication must be based on (0: none yet)' }),
  bodyHtml: z.string().nullable(),
  bodyHtmlEs: z.string().nullable().meta({ description: 'The Spanish body in force (null: none, Spanish readers get the English text)' }),
  history: z.array(publication),
});
export type StaffLegalTextResponse = z.infer<typeof staffLegalTextResponseSchema>;

/**
 * POST /staff/content/PublishLegalText: the English body (null: the built-in English text stays,
 * for a version that only adds or changes the Spanish one) and the Spanish body (decision 132).
 */
export const publishLegalTextSchema = z
  .object({
    page: legalPageKeySchema,
    basedOnVersion: z.number().int().min(0).max(2_000_000_000),
    bodyHtml: legalBodySchema.nullable(),
    bodyHtmlEs: legalSpanishBodySchema,
  })
  .superRefine((payload, context) => {
    // Neither body is "Return to the built-in text", which has its own call.
    if (payload.bodyHtml === null && payload.bodyHtmlEs == null)
      context.addIssue({ code: 'custom', path: ['bodyHtml'], message: LEGAL_TEXTS.bodyRequired });
  });
export type PublishLegalTextPayload = z.infer<typeof publishLegalTextSchema>;

/** POST /staff/content/RestoreBuiltInLegalText: the built-in text in force again (recorded as a version without a body). */
export const restoreBuiltInLegalTextSchema = z.object({
  page: legalPageKeySchema,
  basedOnVersion: z.number().int().min(0).max(2_000_000_000),
});
export type RestoreBuiltInLegalTextPayload = z.infer<typeof restoreBuiltInLegalTextSchema>;

export const legalTextChangeResponseSchema = z.union([
  z.object({ status: z.literal('succeed'), message: z.string(), version: z.number().int() }),
  z.object({ status: z.literal('failed'), message: z.string(), field: z.string().optional() }),
]);
export type LegalTextChangeResponse = z.infer<typeof legalTextChangeResponseSchema>;

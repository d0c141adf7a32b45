import DOMPurify from 'dompurify';

/** HTML from the database (FAQ answers, perk requirements) is cleaned before it is rendered (GUIDE section 5). */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true } });
}

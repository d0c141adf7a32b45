import fs from 'node:fs';
import path from 'node:path';

/**
 * Reads the messages the SMTP capture server (smtp-capture.ts) wrote into E2E_MAIL_DIR: a
 * small MIME reader, enough for what nodemailer sends (multipart/alternative with a text and
 * an HTML part, quoted-printable or base64, RFC 2047 encoded subjects).
 */

export interface CapturedMessage {
  file: string;
  /** Envelope and To-header addresses, lower case. */
  recipients: string[];
  subject: string;
  from: string;
  headers: Record<string, string>;
  text: string | null;
  html: string | null;
  /** The calendar invitation (text/calendar part), if the message carries one. */
  calendar: string | null;
}

interface Part {
  headers: Record<string, string>;
  body: string; // bytes as latin1
}

export function mailDir(): string {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set: run the tests with e2e/playwright.config.ts, which starts the SMTP capture server');
  return dir;
}

function splitHeaders(raw: string): Part {
  const match = /\r?\n\r?\n/.exec(raw);
  const head = match ? raw.slice(0, match.index) : raw;
  const body = match ? raw.slice(match.index + match[0].length) : '';
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[name] = headers[name] ? `${headers[name]}, ${value}` : value;
  }
  return { headers, body };
}

function parameter(headerValue: string | undefined, name: string): string | undefined {
  if (!headerValue) return undefined;
  const match = new RegExp(`;\\s*${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]+))`, 'i').exec(headerValue);
  return match ? (match[1] ?? match[2]) : undefined;
}

function decodeQuotedPrintable(value: string): Buffer {
  const joined = value.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < joined.length; index += 1) {
    const char = joined[index]!;
    const hex = joined.slice(index + 1, index + 3);
    if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(char.charCodeAt(0) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

function decodeBody(part: Part): string {
  const encoding = (part.headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  const bytes =
    encoding === 'base64'
      ? Buffer.from(part.body.replace(/\s+/g, ''), 'base64')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(part.body)
        : Buffer.from(part.body, 'latin1');
  const charset = (parameter(part.headers['content-type'], 'charset') ?? 'utf-8').toLowerCase();
  return bytes.toString(charset === 'iso-8859-1' || charset === 'latin1' || charset === 'us-ascii' ? 'latin1' : 'utf8');
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= and =?UTF-8?B?...?=). */
export function decodeHeaderWords(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[BbQq]\?[^?]*\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, charset: string, kind: string, text: string) => {
      const bytes = kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64') : decodeQuotedPrintable(text.replace(/_/g, ' '));
      return bytes.toString(charset.toLowerCase() === 'iso-8859-1' ? 'latin1' : 'utf8');
    });
}

function leaves(part: Part): Part[] {
  const type = (part.headers['content-type'] ?? 'text/plain').toLowerCase();
  if (!type.startsWith('multipart/')) return [part];
  const boundary = parameter(part.headers['content-type'], 'boundary');
  if (!boundary) return [];
  const sections = part.body.split(new RegExp(`\\r?\\n?--${boundary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:--)?[ \\t]*\\r?\\n?`));
  // The first section is the preamble, the last the epilogue.
  return sections.slice(1, -1).flatMap((section) => leaves(splitHeaders(section)));
}

const addresses = (value: string | undefined) =>
  value ? [...value.matchAll(/[^\s<>,;"]+@[^\s<>,;"]+/g)].map((match) => match[0].toLowerCase()) : [];

export function parseMessage(file: string): CapturedMessage {
  const raw = fs.readFileSync(file).toString('latin1');
  const root = splitHeaders(raw);
  let text: string | null = null;
  let html: string | null = null;
  let calendar: string | null = null;
  for (const leaf of leaves(root)) {
    const type = (leaf.headers['content-type'] ?? 'text/plain').toLowerCase();
    if (type.startsWith('text/plain') && text === null) text = decodeBody(leaf);
    else if (type.startsWith('text/html') && html === null) html = decodeBody(leaf);
    else if (type.startsWith('text/calendar') && calendar === null) calendar = decodeBody(leaf);
  }
  return {
    file,
    recipients: [...new Set([...addresses(root.headers['x-envelope-to']), ...addresses(root.headers.to)])],
    subject: decodeHeaderWords(root.headers.subject ?? ''),
    from: decodeHeaderWords(root.headers.from ?? ''),
    headers: root.headers,
    text,
    html,
    calendar,
  };
}

/**
 * The messages parsed so far in this worker, by file: a message file never changes once it is
 * there (the capture renames it into place whole), and waitForMessage looks four times a second
 * through a folder that holds every message of the run by its end.
 */
const parsed = new Map<string, CapturedMessage>();

export function listMessages(): CapturedMessage[] {
  const dir = mailDir();
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => {
      const file = path.join(dir, name);
      let message = parsed.get(file);
      if (!message) {
        message = parseMessage(file);
        parsed.set(file, message);
      }
      return message;
    });
}

/** Waits for a message to `to` whose subject contains `subject` and whose text contains `text`; fails with what did arrive. */
/** The child confirmation's subject: it names no child (issue 24, item 9), so tests find the mail by its body too. */
export const CONFIRM_CHILD_SUBJECT = "Confirm your child's TesterHub registration";

export async function waitForMessage(options: {
  to: string;
  subject?: string;
  text?: string;
  timeoutMs?: number;
}): Promise<CapturedMessage> {
  const to = options.to.toLowerCase();
  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  for (;;) {
    const messages = listMessages().filter((message) => message.recipients.includes(to));
    const found = messages.find(
      (message) =>
        (options.subject === undefined || message.subject.includes(options.subject)) &&
        (options.text === undefined || (message.text ?? '').includes(options.text)),
    );
    if (found) return found;
    if (Date.now() > deadline) {
      const seen = messages.map((message) => `"${message.subject}"`).join(', ') || 'none';
      throw new Error(
        `No e-mail to ${options.to} with subject containing "${options.subject ?? ''}" within the time limit (messages to that address: ${seen})`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Every message to this address, oldest first. */
export function messagesTo(address: string): CapturedMessage[] {
  return listMessages().filter((message) => message.recipients.includes(address.toLowerCase()));
}

const decodeEntities = (value: string) =>
  value.replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[name]!);

/** The absolute URLs in a text or HTML part, in order (HTML entities decoded). */
export function linksIn(content: string | null): string[] {
  if (!content) return [];
  return [...decodeEntities(content).matchAll(/https?:\/\/[^\s"'<>]+/g)].map((match) => match[0]);
}

/** The first link (text part first, then HTML) whose path is `pathname` (case-insensitive). */
export function findLink(message: CapturedMessage, pathname: string): URL {
  for (const link of [...linksIn(message.text), ...linksIn(message.html)]) {
    const url = new URL(link);
    if (url.pathname.toLowerCase() === pathname.toLowerCase()) return url;
  }
  throw new Error(`No link to ${pathname} in the e-mail "${message.subject}" (${message.file})`);
}

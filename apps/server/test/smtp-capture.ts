/**
 * A real SMTP server for tests (smtp-server package) that keeps every message it receives,
 * with just enough MIME decoding to read To, Subject and the text and HTML parts.
 */
import { SMTPServer } from 'smtp-server';

export interface MimePart {
  contentType: string;
  headers: Record<string, string>;
  /** The decoded body (quoted-printable and base64 undone, read as UTF-8). */
  body: string;
}

export interface CapturedMail {
  /** Envelope recipients (RCPT TO). */
  envelopeTo: string[];
  envelopeFrom: string;
  headers: Record<string, string>;
  to: string;
  from: string;
  subject: string;
  contentType: string;
  /** The leaf parts, in order (a single-part message has one). */
  parts: MimePart[];
  text: string | undefined;
  html: string | undefined;
  raw: string;
}

export interface SmtpCapture {
  port: number;
  url: string;
  messages: CapturedMail[];
  /** Resolves with the first message (received before or after the call) that matches, or rejects after timeoutMs. */
  waitFor(match: (mail: CapturedMail) => boolean, timeoutMs?: number): Promise<CapturedMail>;
  close(): Promise<void>;
}

/** Starts the server on 127.0.0.1; port 0 picks a free port. */
export async function startSmtpCapture(port = 0): Promise<SmtpCapture> {
  const messages: CapturedMail[] = [];
  const waiters: { match: (mail: CapturedMail) => boolean; resolve: (mail: CapturedMail) => void }[] = [];

  const server = new SMTPServer({
    authOptional: true,
    // A plain local server: no STARTTLS offer, so the client has no self-signed certificate to refuse.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const mail = parseMessage(raw, {
          envelopeTo: session.envelope.rcptTo.map((address) => address.address),
          envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        });
        messages.push(mail);
        for (const waiter of [...waiters]) {
          if (waiter.match(mail)) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve(mail);
          }
        }
        callback();
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.server.address();
  const boundPort = typeof address === 'object' && address ? address.port : port;

  return {
    port: boundPort,
    url: `smtp://127.0.0.1:${boundPort}`,
    messages,
    waitFor(match, timeoutMs = 5000) {
      const found = messages.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = {
          match,
          resolve: (mail: CapturedMail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(
            new Error(
              `no matching message within ${timeoutMs} ms (received ${messages.length}: ${messages.map((mail) => `${mail.to} "${mail.subject}"`).join(', ')})`,
            ),
          );
        }, timeoutMs);
        waiters.push(waiter);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Headers of one MIME entity, folded lines joined, names lower-cased. */
function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!(name in headers)) headers[name] = line.slice(colon + 1).trim();
  }
  return headers;
}

function splitEntity(raw: string): { headers: Record<string, string>; body: string } {
  const match = /\r?\n\r?\n/.exec(raw);
  if (!match) return { headers: parseHeaders(raw), body: '' };
  return { headers: parseHeaders(raw.slice(0, match.index)), body: raw.slice(match.index + match[0].length) };
}

function headerParam(value: string, name: string): string | undefined {
  const match = new RegExp(`;\\s*${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]+))`, 'i').exec(value);
  return match ? (match[1] ?? match[2]) : undefined;
}

/** Bytes written as =XX (quoted-printable or the Q encoding), read as UTF-8. */
function decodeEscapedBytes(value: string): string {
  const bytes: number[] = [];
  for (let index = 0; index < value.length; index += 1) {
    const hex = value.slice(index + 1, index + 3);
    if (value[index] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(value[index]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

export function decodeQuotedPrintable(value: string): string {
  return decodeEscapedBytes(value.replace(/=\r?\n/g, ''));
}

/** RFC 2047 encoded words (=?UTF-8?B?...?= and =?UTF-8?Q?...?=) in a header value. */
export function decodeHeaderWords(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[BbQq]\?[^?]*\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_word, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeEscapedBytes(text.replace(/_/g, ' ')),
    );
}

function decodeBody(body: string, transferEncoding: string | undefined): string {
  switch ((transferEncoding ?? '').toLowerCase()) {
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return body;
  }
}

function leafParts(raw: string): MimePart[] {
  const { headers, body } = splitEntity(raw);
  const contentType = headers['content-type'] ?? 'text/plain';
  if (/^multipart\//i.test(contentType)) {
    const boundary = headerParam(contentType, 'boundary');
    if (!boundary) return [];
    const sections = body.split(new RegExp(`\\r?\\n?--${boundary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    // sections[0] is the preamble; the last one starts with "--" (the closing delimiter).
    return sections
      .slice(1)
      .filter((section) => !section.startsWith('--'))
      .flatMap((section) => leafParts(section.replace(/^[ \t]*\r?\n/, '')));
  }
  return [
    { contentType: contentType.split(';')[0]!.trim().toLowerCase(), headers, body: decodeBody(body, headers['content-transfer-encoding']) },
  ];
}

export function parseMessage(
  raw: string,
  envelope: { envelopeTo: string[]; envelopeFrom: string } = { envelopeTo: [], envelopeFrom: '' },
): CapturedMail {
  const { headers } = splitEntity(raw);
  const parts = leafParts(raw);
  return {
    ...envelope,
    headers,
    to: decodeHeaderWords(headers.to ?? ''),
    from: decodeHeaderWords(headers.from ?? ''),
    subject: decodeHeaderWords(headers.subject ?? ''),
    contentType: headers['content-type'] ?? '',
    parts,
    text: parts.find((part) => part.contentType === 'text/plain')?.body,
    html: parts.find((part) => part.contentType === 'text/html')?.body,
    raw,
  };
}

/**
 * A small iCalendar (RFC 5545) writer for the invitations the schedule e-mails carry, with the
 * iTIP methods of RFC 5546: REQUEST adds or updates events, CANCEL removes them. Times are
 * written in UTC (decision 027), so no VTIMEZONE is needed and every calendar shows them in its
 * reader's own zone; the site's local times are in the DESCRIPTION.
 */

export type CalendarMethod = 'REQUEST' | 'CANCEL';

export interface CalendarEvent {
  /** Stable for the same booking and day: a later message with a higher sequence updates the entry. */
  uid: string;
  sequence: number;
  start: Date;
  end: Date;
  summary: string;
  location: string;
  description: string;
  url?: string;
}

export interface Calendar {
  method: CalendarMethod;
  /** When the message was made (DTSTAMP). */
  stamp: Date;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
  events: CalendarEvent[];
}

/** 20261124T150000Z */
export function utcStamp(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

/** TEXT values: backslash, semicolon, comma and line breaks are escaped (RFC 5545, 3.3.11). */
export function escapeText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** A parameter value (CN=...): quoted, without the characters a quoted value may not hold. */
function paramValue(value: string): string {
  return `"${value.replace(/["\r\n]/g, '')}"`;
}

/** The UTF-8 octets of a code point (a lone surrogate is written as U+FFFD: three). */
function utf8Octets(codePoint: number): number {
  return codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
}

/**
 * Lines longer than 75 octets are folded: CRLF and one space before each further piece, cut
 * between characters, never inside a UTF-8 sequence (RFC 5545, 3.1). Octets are counted from each
 * code point and the pieces sliced, not built a character at a time: every booking e-mail folds its
 * description (decision 125).
 */
export function foldLine(line: string): string {
  const pieces: string[] = [];
  let start = 0;
  let octets = 0;
  for (let index = 0; index < line.length;) {
    const codePoint = line.codePointAt(index)!;
    const size = utf8Octets(codePoint);
    // The first line holds 75 octets; a continuation holds 74 after its leading space.
    const limit = pieces.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      pieces.push(line.slice(start, index));
      start = index;
      octets = 0;
    }
    octets += size;
    index += codePoint > 0xffff ? 2 : 1;
  }
  pieces.push(line.slice(start));
  return pieces.join('\r\n ');
}

export function calendarText(calendar: Calendar): string {
  const { method, stamp, organizer, attendee, events } = calendar;
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', `PRODID:-//TesterHub//Schedule//EN`, 'CALSCALE:GREGORIAN', `METHOD:${method}`];
  for (const event of events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${event.uid}`,
      `SEQUENCE:${event.sequence}`,
      `DTSTAMP:${utcStamp(stamp)}`,
      `DTSTART:${utcStamp(event.start)}`,
      `DTEND:${utcStamp(event.end)}`,
      `SUMMARY:${escapeText(event.summary)}`,
      `LOCATION:${escapeText(event.location)}`,
      `DESCRIPTION:${escapeText(event.description)}`,
      ...(event.url ? [`URL:${event.url}`] : []),
      `ORGANIZER;CN=${paramValue(organizer.name)}:mailto:${organizer.email}`,
      `ATTENDEE;CN=${paramValue(attendee.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE:mailto:${attendee.email}`,
      `STATUS:${method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED'}`,
      'TRANSP:OPAQUE',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

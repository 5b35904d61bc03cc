/**
 * Appointments as an iCalendar file (RFC 5545): a VEVENT each in the clinic's
 * local time with a VTIMEZONE for each zone (3.6.5: every TZID needs one),
 * TEXT values escaped (3.3.11), lines folded at 75 octets (3.1), CRLF.
 */
import {
  formatIcsLocal,
  formatIcsUtc,
  formatOffset,
  offsetMinutes,
  zoneTransitions,
} from '../../src/domain/time/zoned-time.js';

const CRLF = '\r\n';
const MAX_OCTETS = 75;
const YEAR_MS = 366 * 86_400_000;

export interface IcsEvent {
  uid: string;
  stampMs: number;
  startMs: number;
  endMs: number;
  timeZone: string;
  summary: string;
  location: string;
  description: string;
  url?: string;
  status: 'CONFIRMED' | 'CANCELLED' | 'TENTATIVE';
}

/** RFC 5545 3.3.11: backslash, semicolon, comma and newlines. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** RFC 5545 3.1: lines of at most 75 octets, continued with CRLF and one space; never splits a character. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  let limit = MAX_OCTETS;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
      limit = MAX_OCTETS - 1; // the leading space counts
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

/** A VTIMEZONE with the zone's offset changes from a year before the first event to a year after the last. */
function vtimezone(timeZone: string, firstMs: number, lastMs: number): string[] {
  const lines = ['BEGIN:VTIMEZONE', `TZID:${timeZone}`];
  const transitions = zoneTransitions(timeZone, firstMs - YEAR_MS, lastMs + YEAR_MS);
  if (transitions.length === 0) {
    const offset = formatOffset(offsetMinutes(timeZone, firstMs), '');
    lines.push(
      'BEGIN:STANDARD',
      'DTSTART:19700101T000000',
      `TZOFFSETFROM:${offset}`,
      `TZOFFSETTO:${offset}`,
      'END:STANDARD',
    );
  }
  for (const t of transitions) {
    const kind = t.to > t.from ? 'DAYLIGHT' : 'STANDARD';
    // DTSTART of an observance is the local time just before the change (offset `from`).
    const local = new Date(t.atMs + t.from * 60_000).toISOString().slice(0, 19);
    lines.push(
      `BEGIN:${kind}`,
      `DTSTART:${local.replace(/[-:]/g, '')}`,
      `TZOFFSETFROM:${formatOffset(t.from, '')}`,
      `TZOFFSETTO:${formatOffset(t.to, '')}`,
      `END:${kind}`,
    );
  }
  lines.push('END:VTIMEZONE');
  return lines;
}

/** One VCALENDAR with a VEVENT per event and a VTIMEZONE per zone they use. */
export function buildIcs(events: readonly IcsEvent[]): string {
  const zones = new Map<string, number[]>();
  for (const event of events)
    zones.set(event.timeZone, [...(zones.get(event.timeZone) ?? []), event.startMs]);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Imaging booking portal//Reference API//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...[...zones].flatMap(([zone, starts]) =>
      vtimezone(zone, Math.min(...starts), Math.max(...starts)),
    ),
    ...events.flatMap((event) => [
      'BEGIN:VEVENT',
      `UID:${event.uid}`,
      `DTSTAMP:${formatIcsUtc(event.stampMs)}`,
      `DTSTART;TZID=${event.timeZone}:${formatIcsLocal(event.startMs, event.timeZone)}`,
      `DTEND;TZID=${event.timeZone}:${formatIcsLocal(event.endMs, event.timeZone)}`,
      `SUMMARY:${escapeText(event.summary)}`,
      `LOCATION:${escapeText(event.location)}`,
      `DESCRIPTION:${escapeText(event.description)}`,
      ...(event.url ? [`URL:${event.url}`] : []),
      `STATUS:${event.status}`,
      'TRANSP:OPAQUE',
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}

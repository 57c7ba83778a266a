// Calendar days in the shop's time zone (Africa/Cairo). Dates are
// YYYY-MM-DD strings; arithmetic happens on UTC midnights so that daylight
// saving never shifts a day.

const formatters = new Map<string, Intl.DateTimeFormat>();

export function dayInZone(now: Date, timeZone: string): string {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, f);
  }
  return f.format(now);
}

export function addDays(day: string, days: number): string {
  const t = Date.parse(day + 'T00:00:00Z') + days * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(to + 'T00:00:00Z') - Date.parse(from + 'T00:00:00Z')) / 86_400_000);
}

/** 0 = Sunday … 5 = Friday, 6 = Saturday */
export function weekday(day: string): number {
  return new Date(day + 'T00:00:00Z').getUTCDay();
}

/** A real calendar day written YYYY-MM-DD. */
export function isIsoDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const t = Date.parse(value + 'T00:00:00Z');
  return Number.isFinite(t) && new Date(t).toISOString().slice(0, 10) === value;
}

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

/** How far `timeZone`'s wall clock is ahead of UTC at `instant`, in ms. */
function zoneOffset(instant: number, timeZone: string): number {
  let f = offsetFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric',
    });
    offsetFormatters.set(timeZone, f);
  }
  const part = (type: string) => Number(f.formatToParts(new Date(instant)).find((p) => p.type === type)?.value);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant `day` starts in `timeZone`, as an ISO timestamp: what stored
 * timestamps (UTC) are compared with to find a day's orders. Daylight saving
 * is taken from the zone's rules at that day.
 */
export function dayStartInZone(day: string, timeZone: string): string {
  const midnight = Date.parse(day + 'T00:00:00Z');
  let start = midnight - zoneOffset(midnight, timeZone);
  start = midnight - zoneOffset(start, timeZone);
  return new Date(start).toISOString();
}

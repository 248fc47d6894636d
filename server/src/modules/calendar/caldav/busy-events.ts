import { TZDate } from '@date-fns/tz';
import ICAL from 'ical.js';
import type { TimeRange } from '@common/booking';
import { isTimeZone } from '@common/scheduling';

// The busy intervals of a calendar's objects in a window (issue 31): recurrences are expanded by ical.js, never by
// our own RRULE code. Pure: no database, no network. What a calendar may hold is someone else's text, so every
// object is parsed on its own (a malformed one is skipped) and recurrence expansion runs on a step budget.

export interface BusyInterval {
  start: Date;
  end: Date;
  title: string;
  uid: string;
}

export interface ExpansionLimits {
  /** Recurrence steps one event (a UID's series) may take, counted from its DTSTART. */
  stepsPerEvent: number;
  /** Recurrence steps one call may take, time zone rules included. */
  stepsPerCall: number;
  /** Intervals one call may return. */
  intervals: number;
}

/** A daily series begun 50 years ago fits in one event's steps; ~13 µs a step, so a call costs at most ~3 s. */
export const expansionLimits: ExpansionLimits = { stepsPerEvent: 20_000, stepsPerCall: 200_000, intervals: 20_000 };

const TITLE_MAX = 200;
const UID_MAX = 500;
const DAY = 86_400_000;

class OverBudget extends Error {}

interface Budget {
  call: number;
  event: number;
  limits: ExpansionLimits;
  /** The call's steps or intervals are used up: the rest of the calendar is left out. */
  exhausted: boolean;
}

// ical.js's recurrence iterator can loop forever inside one `next()` (a DAILY rule with BYMONTH=2;BYMONTHDAY=30
// never matches), and it also expands the RRULEs of a VTIMEZONE on its own. Every step of every iterator passes
// check_contracting_rules, so that is where the budget is counted. busyIntervals is synchronous, so the budget
// of the running call is the only one; outside a call the check costs nothing.
let running: Budget | null = null;
type RecurIterator = InstanceType<typeof ICAL.RecurIterator>;
const iteratorPrototype = ICAL.RecurIterator.prototype;
const checkContractingRules = Object.getOwnPropertyDescriptor(iteratorPrototype, 'check_contracting_rules')!.value as (
  this: RecurIterator,
) => boolean;
iteratorPrototype.check_contracting_rules = function guardedCheck(this: RecurIterator) {
  if (running) {
    running.call--;
    running.event--;
    if (running.call < 0) running.exhausted = true;
    if (running.call < 0 || running.event < 0) throw new OverBudget();
  }
  return checkContractingRules.call(this);
};

type Component = InstanceType<typeof ICAL.Component>;
type Property = InstanceType<typeof ICAL.Property>;
type Time = InstanceType<typeof ICAL.Time>;

const FLOATING = 'floating';

/** The TZID parameter of a property, if it names one. */
function tzidOf(property: Property): string | null {
  const value = property.getParameter('tzid');
  return typeof value === 'string' && value ? value : null;
}

/**
 * The instant of an iCalendar time: a date is its whole day in the owner's zone; a time in UTC or in a zone the
 * object defines (VTIMEZONE) is exact; a TZID the object does not define is read as the IANA zone of that name,
 * and a floating time (or an unknown TZID) as the owner's wall clock.
 */
function instantOf(time: Time, tzid: string | null, ownerZone: string): number {
  if (time.isDate) return new TZDate(time.year, time.month - 1, time.day, ownerZone).getTime();
  if (time.zone && time.zone.tzid !== FLOATING) return time.toUnixTime() * 1000;
  const zone = tzid && isTimeZone(tzid) ? tzid : ownerZone;
  return new TZDate(time.year, time.month - 1, time.day, time.hour, time.minute, time.second, zone).getTime();
}

const asTime = (value: unknown): Time | null => (value instanceof ICAL.Time ? value : null);

/** A property's time and its TZID, or null when the property is missing or holds no time. */
function timeProperty(component: Component, name: string): Zoned | null {
  const property = component.getFirstProperty(name);
  const time = property && asTime(property.getFirstValue());
  return property && time ? { time, tzid: tzidOf(property) } : null;
}

/** How long each instance of a component lasts: whole days for a date, exact milliseconds for a time. */
type Length = { days: number } | { ms: number };

const dayNumber = (time: Time) => Date.UTC(time.year, time.month - 1, time.day) / DAY;

function lengthOf(component: Component, start: Zoned, owner: string): Length | null {
  const end = timeProperty(component, 'dtend');
  const duration = component.getFirstPropertyValue('duration');
  if (start.time.isDate) {
    if (end) return { days: dayNumber(end.time) - dayNumber(start.time) };
    if (duration instanceof ICAL.Duration) return { days: Math.floor(duration.toSeconds() / 86_400) };
    return { days: 1 };
  }
  if (end) return { ms: instantOf(end.time, end.tzid ?? start.tzid, owner) - instantOf(start.time, start.tzid, owner) };
  if (duration instanceof ICAL.Duration) return { ms: duration.toSeconds() * 1000 };
  return null;
}

/** The instant an instance starting at `start` (the instant `at`) ends: all-day ones at the owner's midnight. */
function endOf(start: Zoned, length: Length, owner: string, at: number): number {
  if ('ms' in length) return at + length.ms;
  const end = start.time.clone();
  end.adjust(length.days, 0, 0, 0);
  return instantOf(end, start.tzid, owner);
}

const textOf = (component: Component, name: string) => {
  const value = component.getFirstPropertyValue(name);
  return typeof value === 'string' ? value : '';
};

/** Text as a row can hold it: PostgreSQL's text takes no NUL, and a title is one line. */
// eslint-disable-next-line no-control-regex -- control characters are what it removes
const plainText = (text: string) => text.replace(/[\u0000-\u001f\u007f]+/g, ' ');

/** Cancelled and transparent ("free") events block nothing. */
const isBusy = (component: Component) =>
  textOf(component, 'status').toUpperCase() !== 'CANCELLED' &&
  textOf(component, 'transp').toUpperCase() !== 'TRANSPARENT';

interface Collector {
  window: TimeRange;
  owner: string;
  intervals: BusyInterval[];
  limit: number;
  exhausted: () => void;
}

/** The furthest instant a Date holds, either side of 1970. */
const isInstant = (ms: number) => Number.isFinite(ms) && Math.abs(ms) <= 8.64e15;

function add(into: Collector, component: Component, uid: string, start: number, end: number) {
  // A time no Date can hold (a duration of a million years) is not an instant: such an event is malformed.
  if (!isInstant(start) || !isInstant(end)) throw new Error('A time out of range');
  if (end <= start || start >= into.window.end.getTime() || end <= into.window.start.getTime()) return;
  if (into.intervals.length >= into.limit) {
    into.exhausted();
    throw new OverBudget();
  }
  const title = plainText(textOf(component, 'summary')).trim().slice(0, TITLE_MAX);
  into.intervals.push({ start: new Date(start), end: new Date(end), title, uid });
}

/** One instance of an override (RECURRENCE-ID) at its own times; without an end, as long as its series'. */
function addSingle(into: Collector, component: Component, uid: string, seriesLength: Length | null) {
  if (!isBusy(component)) return;
  const start = timeProperty(component, 'dtstart');
  if (!start) throw new Error('An event without DTSTART');
  const length = lengthOf(component, start, into.owner) ?? seriesLength;
  if (!length) return;
  const at = instantOf(start.time, start.tzid, into.owner);
  add(into, component, uid, at, endOf(start, length, into.owner, at));
}

type Zoned = { time: Time; tzid: string | null };

/** The times of a property's values (EXDATE, RDATE), each with its own TZID or else the series'. */
function timesOf(component: Component, name: string, seriesTzid: string | null): Zoned[] {
  const times: Zoned[] = [];
  for (const property of component.getAllProperties(name)) {
    for (const value of property.getValues()) {
      const time = value instanceof ICAL.Period ? value.start : asTime(value);
      if (time) times.push({ time, tzid: tzidOf(property) ?? seriesTzid });
    }
  }
  return times;
}

/** A series: DTSTART, each RRULE's occurrences and the RDATEs, less EXDATEs and overridden instances. */
function addSeries(into: Collector, master: Component, uid: string, overridden: Set<number>) {
  const start = timeProperty(master, 'dtstart');
  if (!start) throw new Error('An event without DTSTART');
  const length = lengthOf(master, start, into.owner);
  if (!length) return;
  const at = ({ time, tzid }: Zoned) => instantOf(time, tzid, into.owner);
  const excluded = new Set(timesOf(master, 'exdate', start.tzid).map(at));
  const seen = new Set<number>();
  const occurrence = (zoned: Zoned) => {
    const instant = at(zoned);
    if (seen.has(instant) || excluded.has(instant) || overridden.has(instant)) return;
    seen.add(instant);
    add(into, master, uid, instant, endOf(zoned, length, into.owner, instant));
  };
  occurrence(start);
  const windowEnd = into.window.end.getTime();
  for (const property of master.getAllProperties('rrule')) {
    const rule = property.getFirstValue();
    if (!(rule instanceof ICAL.Recur)) continue;
    const iterator = rule.iterator(start.time);
    for (let next = iterator.next(); next; next = iterator.next()) {
      const zoned = { time: next, tzid: start.tzid };
      if (at(zoned) >= windowEnd) break;
      occurrence(zoned);
    }
  }
  for (const zoned of timesOf(master, 'rdate', start.tzid)) occurrence(zoned);
}

/** The VEVENTs of one object by UID: the series (no RECURRENCE-ID) and its overridden instances. */
function eventsByUid(root: Component) {
  const byUid = new Map<string, { masters: Component[]; overrides: Component[] }>();
  for (const event of root.getAllSubcomponents('vevent')) {
    const uid = plainText(textOf(event, 'uid')).slice(0, UID_MAX);
    const group = byUid.get(uid) ?? { masters: [], overrides: [] };
    (event.hasProperty('recurrence-id') ? group.overrides : group.masters).push(event);
    byUid.set(uid, group);
  }
  return byUid;
}

const isCancelled = (component: Component) => textOf(component, 'status').toUpperCase() === 'CANCELLED';

/** One UID's busy instances: overrides at their own times, then the series around them. */
function addEvent(into: Collector, uid: string, masters: Component[], overrides: Component[]) {
  // A cancelled series takes its overrides with it; an override alone (an invitation to one instance) counts.
  if (masters.some(isCancelled)) return;
  const series = masters[0] && timeProperty(masters[0], 'dtstart');
  const seriesLength = masters[0] && series ? lengthOf(masters[0], series, into.owner) : null;
  const overridden = new Set<number>();
  for (const override of overrides) {
    const id = timeProperty(override, 'recurrence-id');
    if (id) overridden.add(instantOf(id.time, id.tzid ?? series?.tzid ?? null, into.owner));
    addSingle(into, override, uid, seriesLength);
  }
  for (const master of masters) {
    if (isBusy(master)) addSeries(into, master, uid, overridden);
  }
}

/** The busy instances of one object's text; the number of its events left out. */
function addObject(into: Collector, budget: Budget, text: string): number {
  const parsed: unknown = ICAL.parse(text);
  // A text with several VCALENDARs parses to a list of them.
  const roots = Array.isArray(parsed) && Array.isArray(parsed[0]) ? (parsed as unknown[]) : [parsed];
  let skipped = 0;
  for (const jcal of roots) {
    const root = new ICAL.Component(jcal as unknown[]);
    for (const [uid, { masters, overrides }] of eventsByUid(root)) {
      budget.event = budget.limits.stepsPerEvent;
      const kept = into.intervals.length;
      try {
        addEvent(into, uid, masters, overrides);
      } catch (error) {
        // A malformed or too costly event is left out whole: half a series would look like free time.
        into.intervals.length = kept;
        skipped++;
        if (budget.exhausted) throw error;
      }
    }
  }
  return skipped;
}

/**
 * The busy intervals in `window` ([start, end)) of a calendar's objects (their iCalendar texts), for a booking
 * owner in `ownerZone` (all-day events block their whole dates in it), soonest first. Recurring events are
 * expanded (RRULE, RDATE, EXDATE, overridden and cancelled instances); cancelled and transparent events are free.
 * `skipped` counts the events (or whole objects) left out as malformed or over the expansion limits.
 */
export function busyIntervals(
  texts: readonly string[],
  window: TimeRange,
  ownerZone: string,
  limits: ExpansionLimits = expansionLimits,
): { intervals: BusyInterval[]; skipped: number } {
  const budget: Budget = { call: limits.stepsPerCall, event: limits.stepsPerEvent, limits, exhausted: false };
  const into: Collector = {
    window,
    owner: ownerZone,
    intervals: [],
    limit: limits.intervals,
    exhausted: () => (budget.exhausted = true),
  };
  let skipped = 0;
  running = budget;
  try {
    for (const [index, text] of texts.entries()) {
      try {
        skipped += addObject(into, budget, text);
      } catch {
        skipped++;
        if (budget.exhausted) {
          skipped += texts.length - index - 1;
          break;
        }
      }
    }
  } finally {
    running = null;
  }
  into.intervals.sort((a, b) => a.start.getTime() - b.start.getTime() || a.end.getTime() - b.end.getTime());
  return { intervals: into.intervals, skipped };
}

/** What became of one event the product published, as the calendar now holds it. */
export type PublishedEventState = { state: 'cancelled' } | { state: 'at'; start: Date; end: Date } | null;

/**
 * The event `uid` of an object's text as its series (no RECURRENCE-ID) stands: cancelled (STATUS:CANCELLED), or its
 * start and end (a date-only event, its whole days in the owner's zone). Null when the text holds no such event or
 * cannot be read: then nothing is concluded from it.
 */
export function publishedEventState(text: string, uid: string, ownerZone: string): PublishedEventState {
  // A VTIMEZONE's rules are expanded too: on one event's budget.
  const limits = { ...expansionLimits, stepsPerCall: expansionLimits.stepsPerEvent };
  running = { call: limits.stepsPerCall, event: limits.stepsPerEvent, limits, exhausted: false };
  try {
    const parsed: unknown = ICAL.parse(text);
    const roots = Array.isArray(parsed) && Array.isArray(parsed[0]) ? (parsed as unknown[]) : [parsed];
    for (const jcal of roots) {
      const master = eventsByUid(new ICAL.Component(jcal as unknown[])).get(uid)?.masters[0];
      if (!master) continue;
      if (isCancelled(master)) return { state: 'cancelled' };
      const start = timeProperty(master, 'dtstart');
      const length = start && lengthOf(master, start, ownerZone);
      if (!start || !length) return null;
      const at = instantOf(start.time, start.tzid, ownerZone);
      const end = endOf(start, length, ownerZone, at);
      return isInstant(at) && isInstant(end) ? { state: 'at', start: new Date(at), end: new Date(end) } : null;
    }
    return null;
  } catch {
    return null;
  } finally {
    running = null;
  }
}

/**
 * The booking flow's state as the query parameters of spec 2.2 carry it
 * (R-2.2-06..13), so back, forward, reload and shared links restore a step.
 * Pure: (de)serialisation only, no history, no DOM.
 *
 * Several exams (procedureTab=multiple) are comma lists by exam index:
 * examSlug, date, startTime, endTime and deviceId ("sets date per exam
 * index", R-4-slots-12). Parameters the flow does not use are kept verbatim
 * in `extra`, so a host page's own parameters survive every step.
 */

export type ProcedureTab = 'single' | 'multiple';
export type SlotsView = 'WEEK' | 'MONTH';
export type TimeOfDay = 'MORNING' | 'AFTERNOON' | 'EVENING';

/** R-2.2-07: regionSlug when no region is chosen. */
export const NO_REGION = 'select-region';
export const TIMES_OF_DAY: readonly TimeOfDay[] = ['MORNING', 'AFTERNOON', 'EVENING'];

/** A chosen slot of one exam: its instant (ISO with offset) and device. */
export interface SlotChoice {
  startTime: string;
  endTime: string;
  deviceId: number;
}

export interface BookingFlowState {
  procedureTab: ProcedureTab;
  /** Modality slug. */
  modality: string | null;
  /** Body-part slug chosen on the body figure. */
  bodyPart: string | null;
  examSlugs: string[];
  groupName: string | null;
  /** A region slug, or NO_REGION. */
  regionSlug: string;
  lat: number | null;
  lng: number | null;
  /** The clinic the slots are shown for. */
  selectedClinic: number | null;
  /** A clinic page's own clinic: the clinic list shows only it. */
  clinicId: number | null;
  /** The clinic was chosen before the exam. */
  navigateFromClinic: boolean;
  /** Picked calendar date (yyyy-mm-dd) by exam index. */
  dates: (string | null)[];
  /** First day (yyyy-mm-dd) of the week or month shown. */
  week: string | null;
  slotsView: SlotsView;
  timeOfDay: TimeOfDay[];
  /** Chosen slot by exam index. */
  slots: (SlotChoice | null)[];
  /** A mobile location of the clinic chosen for the slots (its id is the mobileLocationToken). */
  mobileLocationId: number | null;
  bookingKey: string | null;
  kioskMode: boolean;
  status: string | null;
  /** Every other parameter, in its original order (appointmentSlug, clat, a host's utm_source, …). */
  extra: [string, string][];
}

export function emptyFlowState(): BookingFlowState {
  return {
    procedureTab: 'single',
    modality: null,
    bodyPart: null,
    examSlugs: [],
    groupName: null,
    regionSlug: NO_REGION,
    lat: null,
    lng: null,
    selectedClinic: null,
    clinicId: null,
    navigateFromClinic: false,
    dates: [],
    week: null,
    slotsView: 'WEEK',
    timeOfDay: [],
    slots: [],
    mobileLocationId: null,
    bookingKey: null,
    kioskMode: false,
    status: null,
    extra: [],
  };
}

/** The parameters this module reads; everything else goes to `extra`. */
const OWN_PARAMS = new Set([
  'procedureTab',
  'modality',
  'bodyPart',
  'examSlug',
  'groupName',
  'regionSlug',
  'lat',
  'lng',
  'selectedClinic',
  'clinicId',
  'navigateFromClinic',
  'date',
  'week',
  'slotsView',
  'timeOfDay',
  'startTime',
  'endTime',
  'deviceId',
  'mobileLocationId',
  'bookingKey',
  'kioskMode',
  'status',
]);

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const SLUG = /^[a-z0-9][a-z0-9-_]*$/i;

function text(value: string | null): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

function slug(value: string | null): string | null {
  const candidate = text(value);
  return candidate && SLUG.test(candidate) ? candidate : null;
}

function number(value: string | null): number | null {
  const candidate = text(value);
  if (candidate === null) return null;
  const parsed = Number(candidate);
  return Number.isFinite(parsed) ? parsed : null;
}

function id(value: string | null): number | null {
  const parsed = number(value);
  return parsed !== null && Number.isInteger(parsed) && parsed > 0 ? parsed : null;
}

function isoDate(value: string | null | undefined): string | null {
  const candidate = value?.trim() ?? '';
  return ISO_DATE.test(candidate) ? candidate : null;
}

function list(value: string | null): string[] {
  return value === null || value === '' ? [] : value.split(',').map((item) => item.trim());
}

function coordinate(value: string | null, limit: number): number | null {
  const parsed = number(value);
  return parsed !== null && Math.abs(parsed) <= limit ? parsed : null;
}

function slotChoices(params: URLSearchParams): (SlotChoice | null)[] {
  const starts = list(params.get('startTime'));
  const ends = list(params.get('endTime'));
  const devices = list(params.get('deviceId'));
  return starts.map((startTime, index) => {
    const endTime = ends[index] ?? '';
    const deviceId = id(devices[index] ?? null);
    const valid = !Number.isNaN(Date.parse(startTime)) && !Number.isNaN(Date.parse(endTime));
    return valid && deviceId !== null ? { startTime, endTime, deviceId } : null;
  });
}

/** The flow state a query string describes; unknown or malformed values fall back to the defaults. */
export function parseFlowParams(search: string): BookingFlowState {
  const params = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  const state = emptyFlowState();
  state.procedureTab = params.get('procedureTab') === 'multiple' ? 'multiple' : 'single';
  state.modality = slug(params.get('modality'));
  state.bodyPart = slug(params.get('bodyPart'));
  state.examSlugs = list(params.get('examSlug')).filter((item) => SLUG.test(item));
  if (state.procedureTab === 'single') state.examSlugs = state.examSlugs.slice(0, 1);
  state.groupName = text(params.get('groupName'));
  state.regionSlug = slug(params.get('regionSlug')) ?? NO_REGION;
  state.lat = coordinate(params.get('lat'), 90);
  state.lng = coordinate(params.get('lng'), 180);
  if (state.lat === null || state.lng === null) state.lat = state.lng = null;
  state.clinicId = id(params.get('clinicId'));
  state.selectedClinic = id(params.get('selectedClinic')) ?? state.clinicId;
  state.navigateFromClinic = params.get('navigateFromClinic') === 'true';
  state.dates = list(params.get('date')).map((item) => isoDate(item));
  state.week = isoDate(params.get('week'));
  state.slotsView = params.get('slotsView') === 'MONTH' ? 'MONTH' : 'WEEK';
  const times = new Set(list(params.get('timeOfDay')).map((item) => item.toUpperCase()));
  state.timeOfDay = TIMES_OF_DAY.filter((item) => times.has(item));
  state.slots = slotChoices(params);
  state.mobileLocationId = id(params.get('mobileLocationId'));
  state.bookingKey = text(params.get('bookingKey'));
  state.kioskMode = params.get('kioskMode') === 'true';
  state.status = text(params.get('status'));
  state.extra = [...params].filter(([name]) => !OWN_PARAMS.has(name));
  return state;
}

/** Which step a query string is serialised for: regionSlug and slotsView appear only where they mean something. */
export type ParamsScope = 'exam' | 'clinic' | 'slots' | 'form' | 'confirmation';

function trimTrailingNulls<T>(items: (T | null)[]): (T | null)[] {
  const result = [...items];
  while (result.length > 0 && result[result.length - 1] == null) result.pop();
  return result;
}

function formatCoordinate(value: number): string {
  return String(Math.round(value * 1e6) / 1e6);
}

/** Parameters that serve the booking itself and never reach the confirmation page's address. */
const FLOW_ONLY: ReadonlySet<string> = new Set([
  // The moved appointment's own key (creation-params.ts): a secret of the old link.
  'previousBookingKey',
]);

function confirmationParams(state: BookingFlowState): string {
  const params = new URLSearchParams();
  if (state.kioskMode) params.set('kioskMode', 'true');
  for (const [name, value] of state.extra) if (!FLOW_ONLY.has(name)) params.append(name, value);
  return params.toString();
}

/**
 * The query string (without '?') for a state, in a fixed order so equal
 * states give equal strings. Defaults are left out, except regionSlug
 * (R-2.2-07: select-region from the clinic step on) and slotsView on the
 * slot step.
 */
export function serializeFlowParams(state: BookingFlowState, scope: ParamsScope): string {
  // R-2.1-22: a confirmation page carries only kioskMode (and the host's own parameters).
  if (scope === 'confirmation') return confirmationParams(state);
  const params = new URLSearchParams();
  const set = (name: string, value: string | null | undefined) => {
    if (value !== null && value !== undefined && value !== '') params.set(name, value);
  };
  const hasChoice = state.examSlugs.length > 0 || state.procedureTab === 'multiple';
  if (hasChoice) set('procedureTab', state.procedureTab);
  set('modality', state.modality);
  set('bodyPart', state.bodyPart);
  set('examSlug', state.examSlugs.join(','));
  set('groupName', state.groupName);
  if (scope !== 'exam' || state.regionSlug !== NO_REGION) set('regionSlug', state.regionSlug);
  if (state.lat !== null && state.lng !== null) {
    set('lat', formatCoordinate(state.lat));
    set('lng', formatCoordinate(state.lng));
  }
  if (state.selectedClinic !== state.clinicId)
    set('selectedClinic', state.selectedClinic?.toString());
  set('clinicId', state.clinicId?.toString());
  if (state.navigateFromClinic) set('navigateFromClinic', 'true');
  set(
    'date',
    trimTrailingNulls(state.dates)
      .map((item) => item ?? '')
      .join(','),
  );
  set('week', state.week);
  if (scope === 'slots' || state.slotsView !== 'WEEK') set('slotsView', state.slotsView);
  set('timeOfDay', state.timeOfDay.join(','));
  const slots = trimTrailingNulls(state.slots);
  if (slots.length > 0) {
    set('startTime', slots.map((slot) => slot?.startTime ?? '').join(','));
    set('endTime', slots.map((slot) => slot?.endTime ?? '').join(','));
    set('deviceId', slots.map((slot) => slot?.deviceId.toString() ?? '').join(','));
  }
  set('mobileLocationId', state.mobileLocationId?.toString());
  set('bookingKey', state.bookingKey);
  if (state.kioskMode) set('kioskMode', 'true');
  set('status', state.status);
  for (const [name, value] of state.extra) params.append(name, value);
  return params.toString();
}

import { describe, expect, it } from 'vitest';
import { emptyFlowState, NO_REGION, parseFlowParams, serializeFlowParams } from './flow-params';

const roundTrip = (search: string, scope: Parameters<typeof serializeFlowParams>[1] = 'slots') =>
  parseFlowParams(serializeFlowParams(parseFlowParams(search), scope));

describe('flow state in the query (spec 2.2)', () => {
  it('R-2.2-09/10: every booking and slot parameter round-trips', () => {
    const search =
      'procedureTab=multiple&modality=mri&examSlug=mri-knee,ct-chest&groupName=g1&regionSlug=sydney' +
      '&lat=-33.8688&lng=151.2093&selectedClinic=3&date=2026-11-24,2026-11-25&week=2026-11-23' +
      '&slotsView=MONTH&timeOfDay=MORNING,EVENING' +
      '&startTime=2026-11-24T09:00:00%2B11:00,2026-11-25T13:00:00%2B11:00' +
      '&endTime=2026-11-24T09:30:00%2B11:00,2026-11-25T13:15:00%2B11:00&deviceId=7,8' +
      '&mobileLocationId=41&bookingKey=abc&kioskMode=true&status=RESCHEDULED&appointmentSlug=a1&utm_source=clinic';
    const state = parseFlowParams(search);
    expect(state).toMatchObject({
      procedureTab: 'multiple',
      modality: 'mri',
      examSlugs: ['mri-knee', 'ct-chest'],
      groupName: 'g1',
      regionSlug: 'sydney',
      lat: -33.8688,
      lng: 151.2093,
      selectedClinic: 3,
      dates: ['2026-11-24', '2026-11-25'],
      week: '2026-11-23',
      slotsView: 'MONTH',
      timeOfDay: ['MORNING', 'EVENING'],
      mobileLocationId: 41,
      bookingKey: 'abc',
      kioskMode: true,
      status: 'RESCHEDULED',
    });
    expect(state.slots[1]).toEqual({
      startTime: '2026-11-25T13:00:00+11:00',
      endTime: '2026-11-25T13:15:00+11:00',
      deviceId: 8,
    });
    expect(state.extra).toEqual([
      ['appointmentSlug', 'a1'],
      ['utm_source', 'clinic'],
    ]);
    expect(roundTrip(search)).toEqual(state);
  });

  it('serialising is stable: the same state gives the same string', () => {
    const state = parseFlowParams('examSlug=ct-chest&procedureTab=single&regionSlug=perth');
    expect(serializeFlowParams(state, 'clinic')).toBe(
      'procedureTab=single&examSlug=ct-chest&regionSlug=perth',
    );
  });

  it('R-2.2-07: regionSlug is select-region when no region is chosen, from the clinic step on', () => {
    expect(parseFlowParams('').regionSlug).toBe(NO_REGION);
    expect(serializeFlowParams(emptyFlowState(), 'exam')).toBe('');
    expect(serializeFlowParams(emptyFlowState(), 'clinic')).toBe('regionSlug=select-region');
  });

  it('R-2.2-11/12: procedureTab is single or multiple, slotsView WEEK or MONTH; others fall back', () => {
    const state = parseFlowParams('procedureTab=several&slotsView=DAY');
    expect(state.procedureTab).toBe('single');
    expect(state.slotsView).toBe('WEEK');
  });

  it('R-2.2-13: timeOfDay is a comma-separated list; unknown parts are dropped', () => {
    expect(parseFlowParams('timeOfDay=evening,NIGHT,MORNING').timeOfDay).toEqual([
      'MORNING',
      'EVENING',
    ]);
    const state = { ...emptyFlowState(), timeOfDay: ['AFTERNOON', 'EVENING'] as const };
    expect(serializeFlowParams({ ...state, timeOfDay: [...state.timeOfDay] }, 'slots')).toContain(
      'timeOfDay=AFTERNOON%2CEVENING',
    );
  });

  it('R-4-slots-12: dates and slots are kept by exam index, with gaps', () => {
    const state = parseFlowParams(
      'procedureTab=multiple&examSlug=a,b&date=,2026-11-25&startTime=,2026-11-25T13:00:00Z&endTime=,2026-11-25T13:15:00Z&deviceId=,4',
    );
    expect(state.dates).toEqual([null, '2026-11-25']);
    expect(state.slots[0]).toBeNull();
    expect(state.slots[1]?.deviceId).toBe(4);
    expect(roundTrip(serializeFlowParams(state, 'slots'))).toEqual(state);
  });

  it('a single procedure keeps one exam; malformed values are ignored', () => {
    const state = parseFlowParams(
      'examSlug=a,b&lat=999&lng=1&selectedClinic=-2&date=24/11/2026&week=x',
    );
    expect(state.examSlugs).toEqual(['a']);
    expect(state.lat).toBeNull();
    expect(state.lng).toBeNull();
    expect(state.selectedClinic).toBeNull();
    expect(state.dates).toEqual([null]);
    expect(state.week).toBeNull();
  });

  it('a clinic page (clinicId) selects its clinic', () => {
    const state = parseFlowParams('clinicId=5');
    expect(state.selectedClinic).toBe(5);
    expect(serializeFlowParams(state, 'slots')).toBe(
      'regionSlug=select-region&clinicId=5&slotsView=WEEK',
    );
  });

  it('R-2.1-22: a confirmation page carries the kioskMode parameter only', () => {
    const state = parseFlowParams('examSlug=a&selectedClinic=2&kioskMode=true&utm_source=x');
    expect(serializeFlowParams(state, 'confirmation')).toBe('kioskMode=true&utm_source=x');
  });

  it('a leading question mark is accepted', () => {
    expect(parseFlowParams('?kioskMode=true').kioskMode).toBe(true);
  });
});

describe('the confirmation address', () => {
  it("R-2.1-22: never carries the moved appointment's own key", () => {
    const state = parseFlowParams(
      'examSlug=mri-knee&status=RESCHEDULED&appointmentSlug=a1&previousBookingKey=secretkey123',
    );
    const query = serializeFlowParams(state, 'confirmation');
    expect(query).not.toContain('secretkey123');
    expect(query).toContain('appointmentSlug=a1');
  });
});

import { describe, expect, it } from 'vitest';
import type { Exam, WalkInExam } from '../../contract/booking';
import { walkInForExam, walkInPairing } from './walk-in';

const exam = (slug: string, name: string, modalityId: number) =>
  ({ slug, name, modalityId }) as Exam;
const mri = exam('mri-knee', 'MRI Knee', 1);
const ct = exam('ct-chest', 'CT Chest', 2);
const chestXray = exam('xray-chest', 'Chest X-ray', 3);
const kneeXray = exam('xray-knee', 'X-ray Knee', 3);
const chestWalkIn: WalkInExam = {
  name: 'Chest X-ray walk-in',
  prepTime: 0,
  minutesPrior: 30,
  modalityId: 3,
  clinicId: 2,
};

describe('walk-in pairing (spec 4 "Walk-in")', () => {
  it('R-4-slots-17: two or more modalities and a walk-in for a chosen exam at the clinic make a pairing', () => {
    expect(walkInPairing([mri, chestXray], [chestWalkIn], 2)).toEqual({
      walkIns: [chestWalkIn],
      walkInExams: [chestXray],
      booked: [mri],
      procedureTab: 'single',
    });
  });

  it('a walk-in covers the exam it names, not every exam of its modality', () => {
    expect(walkInForExam(chestXray, [chestWalkIn], 2)).toBe(chestWalkIn);
    expect(walkInForExam(kneeXray, [chestWalkIn], 2)).toBeNull();
    expect(walkInForExam({ ...chestXray, modalityId: 9 }, [chestWalkIn], 2)).toBeNull();
    expect(walkInPairing([mri, kneeXray], [chestWalkIn], 2)).toBeNull();
  });

  it('R-4-slots-17: no pairing with one modality, another clinic, or nothing left to book', () => {
    expect(walkInPairing([chestXray, kneeXray], [chestWalkIn], 2)).toBeNull();
    expect(walkInPairing([mri, chestXray], [chestWalkIn], 5)).toBeNull();
    expect(walkInPairing([mri, ct], [chestWalkIn], 2)).toBeNull();
    const mriWalkIn = { ...chestWalkIn, name: 'MRI Knee walk-in', modalityId: 1 };
    expect(walkInPairing([mri, chestXray], [chestWalkIn, mriWalkIn], 2)).toBeNull();
  });

  it('R-4-slots-18: afterwards procedureTab is multiple with more than 2 modalities, else single', () => {
    expect(walkInPairing([mri, ct, chestXray], [chestWalkIn], 2)).toMatchObject({
      booked: [mri, ct],
      procedureTab: 'multiple',
    });
    // Two modalities, but two MRI exams remain: they stay several.
    expect(
      walkInPairing([mri, exam('mri-brain', 'MRI Brain', 1), chestXray], [chestWalkIn], 2),
    ).toMatchObject({ procedureTab: 'multiple' });
  });
});

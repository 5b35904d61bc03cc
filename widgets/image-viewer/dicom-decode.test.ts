import { describe, expect, it } from 'vitest';
import { toRgba } from '../../src/domain/imaging/pixels';
import { WINDOW_PRESETS } from '../../src/domain/imaging/window-level';
import { syntheticStudy } from '../../tests/fixtures/dicom/generate';
import { decodeInstance, personName } from './dicom-decode';

const study = syntheticStudy({ slices: 5, size: 64 });
const [ct, us, cr] = study.series;

describe('decoding DICOM instances for the viewer', () => {
  it('reads a signed 16-bit CT in implicit VR little endian with its rescale and window', () => {
    const { image, info } = decodeInstance(ct!.instances[2]!.bytes);
    expect(image).toMatchObject({
      rows: 64,
      columns: 64,
      samplesPerPixel: 1,
      photometric: 'MONOCHROME2',
      slope: 1,
      intercept: -1024,
      window: { center: 40, width: 400 },
    });
    expect(image.pixels).toBeInstanceOf(Int16Array);
    // The corner is air: stored 24 → −1000 HU, black in the soft tissue window.
    expect(image.pixels[0]! * image.slope + image.intercept).toBe(-1000);
    expect(toRgba(image, WINDOW_PRESETS.soft_tissue)[0]).toBe(0);
    expect(info).toMatchObject({
      patientName: 'Citizen, Jane',
      studyDate: '20261103',
      modality: 'CT',
      seriesDescription: 'Chest 2.5 mm axial',
      instanceNumber: 3,
      sliceLocation: -95,
    });
  });

  it('reads an 8-bit RGB ultrasound frame in explicit VR little endian', () => {
    const { image, info } = decodeInstance(us!.instances[0]!.bytes);
    expect(image).toMatchObject({
      rows: 240,
      columns: 320,
      samplesPerPixel: 3,
      photometric: 'RGB',
    });
    expect(image.pixels).toBeInstanceOf(Uint8Array);
    expect(info.modality).toBe('US');
  });

  it('reads a MONOCHROME1 X-ray and shows its lungs dark', () => {
    const { image } = decodeInstance(cr!.instances[0]!.bytes);
    expect(image.photometric).toBe('MONOCHROME1');
    const rgba = toRgba(image, image.window!);
    const lung = (128 * 256 + 80) * 4; // left lung, mid-height
    const mediastinum = (128 * 256 + 128) * 4;
    expect(rgba[lung]!).toBeLessThan(rgba[mediastinum]!);
  });

  it('refuses bytes that are not a DICOM file', () => {
    expect(() => decodeInstance(new Uint8Array(200))).toThrow();
  });

  it('writes person names as people read them', () => {
    expect(personName('Citizen^Jane^Mary')).toBe('Citizen, Jane Mary');
    expect(personName('Anonymous')).toBe('Anonymous');
  });
});

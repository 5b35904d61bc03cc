/**
 * The DICOM attributes of a seeded (synthetic) instance, from its database
 * rows and its recipe's geometry: the same dataset serves the Part 10 file
 * (dicom-files.ts, with the pixels) and the WADO-RS metadata (without them),
 * so both always agree. Keywords are dcmjs's "naturalized" names.
 */
import { createHash } from 'node:crypto';
import type { InstanceRow, SeriesRow, StudyRow } from '../db/imaging.repo.js';
import type { SyntheticRecipe } from '../db/seed-imaging-data.js';

export type NaturalDataset = Record<string, unknown>;

/** The portal's implementation UID (2.25 form of a fixed UUID). */
export const IMPLEMENTATION_CLASS_UID = '2.25.95270113960516834587937233470958335581';
export const EXPLICIT_VR_LITTLE_ENDIAN = '1.2.840.10008.1.2.1';

/** A UID derived from another (UUID-sized hash in 2.25 form): the same input, the same UID. */
export function derivedUid(from: string, purpose: string): string {
  const hex = createHash('sha256').update(`${purpose}:${from}`).digest('hex').slice(0, 32);
  return `2.25.${BigInt(`0x${hex}`).toString()}`;
}

interface Geometry {
  attributes: NaturalDataset;
  position?: (index: number) => number[];
  sliceLocation?: (index: number) => number;
}

function geometry(recipe: SyntheticRecipe, rows: number, columns: number): Geometry {
  switch (recipe) {
    case 'ct-abdomen': {
      const spacing = 400 / columns;
      return {
        attributes: {
          ImageType: ['ORIGINAL', 'PRIMARY', 'AXIAL'],
          PixelSpacing: [spacing, (400 / rows) * 1],
          SliceThickness: 2.5,
          SpacingBetweenSlices: 2.5,
          ImageOrientationPatient: [1, 0, 0, 0, 1, 0],
          PatientPosition: 'FFS',
          RescaleIntercept: -1024,
          RescaleSlope: 1,
          RescaleType: 'HU',
          WindowCenter: [40, -600, 400],
          WindowWidth: [400, 1500, 1800],
          WindowCenterWidthExplanation: ['ABDOMEN', 'LUNG', 'BONE'],
          KVP: 120,
          XRayTubeCurrent: 220,
          ConvolutionKernel: 'B30f',
          ContrastBolusAgent: 'Omnipaque 350',
        },
        position: (i) => [-200, -200, 60 - i * 2.5],
        sliceLocation: (i) => 60 - i * 2.5,
      };
    }
    case 'mr-knee':
      return {
        attributes: {
          ImageType: ['ORIGINAL', 'PRIMARY', 'M', 'ND'],
          PixelSpacing: [160 / rows, 160 / columns],
          SliceThickness: 3,
          SpacingBetweenSlices: 3.3,
          ImageOrientationPatient: [0, 1, 0, 0, 0, -1],
          PatientPosition: 'FFS',
          WindowCenter: [600],
          WindowWidth: [1200],
          ScanningSequence: 'SE',
          SequenceVariant: 'SK\\SP',
          RepetitionTime: 3200,
          EchoTime: 32,
          MagneticFieldStrength: 3,
          ImagingFrequency: 127.7,
        },
        position: (i) => [-38 + i * 3.3, -80, 80],
        sliceLocation: (i) => -38 + i * 3.3,
      };
    case 'dx-chest':
      return {
        attributes: {
          ImageType: ['ORIGINAL', 'PRIMARY'],
          PresentationIntentType: 'FOR PRESENTATION',
          ImagerPixelSpacing: [430 / rows, 430 / columns],
          PixelSpacing: [430 / rows, 430 / columns],
          ViewPosition: 'PA',
          PatientOrientation: ['L', 'F'],
          WindowCenter: [1800],
          WindowWidth: [3200],
          KVP: 125,
          RescaleIntercept: 0,
          RescaleSlope: 1,
        },
      };
    case 'us-abdomen':
      return {
        attributes: {
          ImageType: ['ORIGINAL', 'PRIMARY', 'ABDOMINAL'],
          WindowCenter: [128],
          WindowWidth: [256],
          TransducerData: 'C5-1',
        },
      };
  }
}

const MANUFACTURER: Record<SyntheticRecipe, [string, string]> = {
  'ct-abdomen': ['SIEMENS', 'SOMATOM go.Top'],
  'mr-knee': ['SIEMENS', 'MAGNETOM Vida'],
  'dx-chest': ['FUJIFILM Corporation', 'FDR D-EVO III'],
  'us-abdomen': ['Philips', 'EPIQ Elite'],
};

/** Every attribute of one synthetic instance except PixelData. */
export function syntheticDataset(
  recipe: SyntheticRecipe,
  study: StudyRow,
  series: Pick<SeriesRow, 'seriesInstanceUid' | 'seriesNumber' | 'description' | 'instanceCount'>,
  instance: Pick<
    InstanceRow,
    'sopInstanceUid' | 'sopClassUid' | 'instanceNumber' | 'rows' | 'columns'
  >,
): NaturalDataset {
  const index = instance.instanceNumber - 1;
  const geo = geometry(recipe, instance.rows, instance.columns);
  const eightBit = recipe === 'us-abdomen';
  const [manufacturer, model] = MANUFACTURER[recipe];
  const dataset: NaturalDataset = {
    SpecificCharacterSet: 'ISO_IR 192',
    SOPClassUID: instance.sopClassUid,
    SOPInstanceUID: instance.sopInstanceUid,
    StudyDate: study.studyDate,
    SeriesDate: study.studyDate,
    ContentDate: study.studyDate,
    StudyTime: study.studyTime,
    SeriesTime: study.studyTime,
    ContentTime: study.studyTime,
    AccessionNumber: study.accessionNumber,
    Modality: study.modality,
    Manufacturer: manufacturer,
    ManufacturerModelName: model,
    InstitutionName: study.clinicName,
    ReferringPhysicianName: study.referrerName ? toPersonName(study.referrerName) : '',
    StudyDescription: study.description,
    SeriesDescription: series.description,
    PatientName: study.patientName,
    PatientID: study.patientId,
    PatientBirthDate: study.patientBirthDate,
    PatientSex: study.patientSex ?? '',
    BodyPartExamined: study.bodyPart ?? '',
    StudyInstanceUID: study.studyInstanceUid,
    SeriesInstanceUID: series.seriesInstanceUid,
    StudyID: study.accessionNumber.replace(/\D/g, '').slice(-8) || '1',
    SeriesNumber: series.seriesNumber,
    AcquisitionNumber: 1,
    InstanceNumber: instance.instanceNumber,
    FrameOfReferenceUID: derivedUid(series.seriesInstanceUid, 'frame-of-reference'),
    ImagesInAcquisition: series.instanceCount,
    SamplesPerPixel: 1,
    PhotometricInterpretation: 'MONOCHROME2',
    Rows: instance.rows,
    Columns: instance.columns,
    BitsAllocated: eightBit ? 8 : 16,
    BitsStored: eightBit ? 8 : 12,
    HighBit: eightBit ? 7 : 11,
    PixelRepresentation: recipe === 'ct-abdomen' ? 1 : 0,
    ...geo.attributes,
  };
  if (geo.position) dataset.ImagePositionPatient = geo.position(index);
  if (geo.sliceLocation) dataset.SliceLocation = geo.sliceLocation(index);
  return dataset;
}

/** 'Dr Adaeze Okoro' → 'Okoro^Adaeze^^Dr' (DICOM PN: family^given^middle^prefix). */
export function toPersonName(name: string): string {
  const parts = name.trim().split(/\s+/);
  const prefix = /^(dr|prof|mr|mrs|ms)\.?$/i.test(parts[0] ?? '') ? parts.shift()! : '';
  const family = parts.pop() ?? '';
  return [family, parts.join(' '), '', prefix].join('^').replace(/\^+$/, '');
}

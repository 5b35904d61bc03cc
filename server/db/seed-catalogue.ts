/**
 * The demonstration clinic network and exam catalogue of "Harbour Imaging"
 * (regions, modalities, body parts, clinics with devices and opening hours,
 * exams). Read by seed.ts; provider settings and texts are in seed-data.ts.
 * Coordinates are real street locations; the clinics are fictional.
 */
export const regions = [
  { slug: 'sydney', name: 'Sydney', latitude: -33.8688, longitude: 151.2093 },
  { slug: 'perth', name: 'Perth', latitude: -31.9523, longitude: 115.8613 },
  { slug: 'auckland', name: 'Auckland', latitude: -36.8485, longitude: 174.7633 },
] as const;
export type RegionSlug = (typeof regions)[number]['slug'];

export const modalities = [
  { slug: 'mri', name: 'MRI' },
  { slug: 'ct', name: 'CT' },
  { slug: 'x-ray', name: 'X-Ray' },
  { slug: 'ultrasound', name: 'Ultrasound' },
  { slug: 'mammography', name: 'Mammography' },
  { slug: 'nuclear-medicine', name: 'Nuclear Medicine' },
] as const;
export type ModalitySlug = (typeof modalities)[number]['slug'];

export const bodyParts = [
  { slug: 'head', name: 'Head', view: 'both' },
  { slug: 'neck', name: 'Neck', view: 'front' },
  { slug: 'chest', name: 'Chest', view: 'front' },
  { slug: 'breast', name: 'Breast', view: 'front' },
  { slug: 'heart', name: 'Heart', view: 'front' },
  { slug: 'abdomen', name: 'Abdomen', view: 'front' },
  { slug: 'pelvis', name: 'Pelvis', view: 'front' },
  { slug: 'spine', name: 'Spine', view: 'back' },
  { slug: 'shoulder', name: 'Shoulder', view: 'both' },
  { slug: 'hand-wrist', name: 'Hand and wrist', view: 'both' },
  { slug: 'knee', name: 'Knee', view: 'both' },
  { slug: 'foot-ankle', name: 'Foot and ankle', view: 'both' },
  { slug: 'whole-body', name: 'Whole body', view: 'both' },
] as const;
export type BodyPartSlug = (typeof bodyParts)[number]['slug'];

export interface SeedOpeningHours {
  /** ISO weekday: 1 = Monday … 7 = Sunday. */
  weekday: number;
  opens: string;
  closes: string;
}

export interface SeedClinic {
  slug: string;
  name: string;
  address: string;
  suburb: string;
  state: string;
  postalCode: string;
  country: 'AU' | 'NZ';
  phone: string;
  email: string;
  timeZone: string;
  latitude: number;
  longitude: number;
  region: RegionSlug;
  /** Number of devices per modality. */
  devices: Partial<Record<ModalitySlug, number>>;
  hours: SeedOpeningHours[];
}

function hours(opens: string, closes: string, saturday?: [string, string]): SeedOpeningHours[] {
  const week = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, opens, closes }));
  return saturday ? [...week, { weekday: 6, opens: saturday[0], closes: saturday[1] }] : week;
}

const FULL = { mri: 2, ct: 2, 'x-ray': 2, ultrasound: 3, mammography: 1, 'nuclear-medicine': 1 };
const GENERAL = { ct: 1, 'x-ray': 1, ultrasound: 2 };

function email(slug: string): string {
  return `${slug}@harbour-imaging.example`;
}

const sydney = {
  state: 'NSW',
  country: 'AU',
  timeZone: 'Australia/Sydney',
  region: 'sydney',
} as const;
const perth = { state: 'WA', country: 'AU', timeZone: 'Australia/Perth', region: 'perth' } as const;
const auckland = {
  state: 'Auckland',
  country: 'NZ',
  timeZone: 'Pacific/Auckland',
  region: 'auckland',
} as const;

// prettier-ignore
export const clinics: SeedClinic[] = [
  { slug: 'sydney-cbd', name: 'Harbour Imaging Sydney CBD', address: 'Level 2, 60 Pitt Street',
    suburb: 'Sydney', postalCode: '2000', phone: '(02) 5550 0101', email: email('sydney-cbd'),
    latitude: -33.8651, longitude: 151.2087, ...sydney, devices: FULL,
    hours: hours('07:30', '19:00', ['08:00', '13:00']) },
  { slug: 'north-sydney', name: 'Harbour Imaging North Sydney', address: '100 Miller Street',
    suburb: 'North Sydney', postalCode: '2060', phone: '(02) 5550 0102', email: email('north-sydney'),
    latitude: -33.8396, longitude: 151.2071, ...sydney,
    devices: { mri: 1, ...GENERAL, mammography: 1 }, hours: hours('08:00', '17:30') },
  { slug: 'parramatta', name: 'Harbour Imaging Parramatta', address: '20 Macquarie Street',
    suburb: 'Parramatta', postalCode: '2150', phone: '(02) 5550 0103', email: email('parramatta'),
    latitude: -33.8153, longitude: 151.0036, ...sydney,
    devices: { mri: 1, ...GENERAL, 'nuclear-medicine': 1 }, hours: hours('08:00', '18:00', ['08:30', '12:30']) },
  { slug: 'bondi-junction', name: 'Harbour Imaging Bondi Junction', address: '520 Oxford Street',
    suburb: 'Bondi Junction', postalCode: '2022', phone: '(02) 5550 0104', email: email('bondi-junction'),
    latitude: -33.8918, longitude: 151.2498, ...sydney,
    devices: { 'x-ray': 1, ultrasound: 2, mammography: 1 }, hours: hours('08:00', '17:00') },
  { slug: 'chatswood', name: 'Harbour Imaging Chatswood', address: '376 Victoria Avenue',
    suburb: 'Chatswood', postalCode: '2067', phone: '(02) 5550 0105', email: email('chatswood'),
    latitude: -33.7963, longitude: 151.1818, ...sydney,
    devices: { mri: 1, ...GENERAL }, hours: hours('08:00', '17:30', ['08:30', '12:30']) },
  { slug: 'liverpool', name: 'Harbour Imaging Liverpool', address: '45 Scott Street',
    suburb: 'Liverpool', postalCode: '2170', phone: '(02) 5550 0106', email: email('liverpool'),
    latitude: -33.9230, longitude: 150.9255, ...sydney, devices: GENERAL, hours: hours('08:30', '17:00') },
  { slug: 'perth-cbd', name: 'Harbour Imaging Perth CBD', address: '140 St Georges Terrace',
    suburb: 'Perth', postalCode: '6000', phone: '(08) 5550 0201', email: email('perth-cbd'),
    latitude: -31.9546, longitude: 115.8567, ...perth, devices: FULL,
    hours: hours('07:30', '18:30', ['08:00', '12:00']) },
  { slug: 'fremantle', name: 'Harbour Imaging Fremantle', address: '12 Market Street',
    suburb: 'Fremantle', postalCode: '6160', phone: '(08) 5550 0202', email: email('fremantle'),
    latitude: -32.0540, longitude: 115.7475, ...perth,
    devices: { ...GENERAL, mammography: 1 }, hours: hours('08:00', '17:00') },
  { slug: 'joondalup', name: 'Harbour Imaging Joondalup', address: '9 Boas Avenue',
    suburb: 'Joondalup', postalCode: '6027', phone: '(08) 5550 0203', email: email('joondalup'),
    latitude: -31.7449, longitude: 115.7676, ...perth,
    devices: { mri: 1, ...GENERAL }, hours: hours('08:00', '17:30') },
  { slug: 'auckland-cbd', name: 'Harbour Imaging Auckland City', address: '55 Queen Street',
    suburb: 'Auckland Central', postalCode: '1010', phone: '(09) 555 0301', email: email('auckland-cbd'),
    latitude: -36.8459, longitude: 174.7667, ...auckland, devices: FULL,
    hours: hours('07:30', '18:00', ['08:00', '12:00']) },
  { slug: 'newmarket', name: 'Harbour Imaging Newmarket', address: '277 Broadway',
    suburb: 'Newmarket', postalCode: '1023', phone: '(09) 555 0302', email: email('newmarket'),
    latitude: -36.8697, longitude: 174.7779, ...auckland,
    devices: { 'x-ray': 1, ultrasound: 2, mammography: 1 }, hours: hours('08:00', '17:00') },
];

export interface SeedExam {
  slug: string;
  name: string;
  modality: ModalitySlug;
  bodyPart: BodyPartSlug | null;
  code: string;
  minutes: number;
  /** false: enquiry only, the patient sends a booking request. */
  online: boolean;
  infoModal?: boolean;
  examNotes?: string;
  notes?: string;
}

// Preparation only: the MRI safety screening asks about pacemakers and implants (issue 13).
const METAL =
  'Leave jewellery, watches and hair clips at home and wear clothes without metal; you may be asked to change into a gown.';
const FAST = 'Do not eat for 6 hours before the scan; water is fine.';
const CONTRAST = 'Needs a recent kidney function blood test (eGFR). We will call you to book.';

// prettier-ignore
export const exams: SeedExam[] = [
  { slug: 'mri-brain', name: 'MRI Brain', modality: 'mri', bodyPart: 'head', code: 'MRBRN', minutes: 30, online: true, examNotes: METAL },
  { slug: 'mri-brain-contrast', name: 'MRI Brain with contrast', modality: 'mri', bodyPart: 'head', code: 'MRBRNC', minutes: 45, online: false, infoModal: true, examNotes: CONTRAST },
  { slug: 'mri-lumbar-spine', name: 'MRI Lumbar spine', modality: 'mri', bodyPart: 'spine', code: 'MRLSP', minutes: 30, online: true, examNotes: METAL },
  { slug: 'mri-knee', name: 'MRI Knee', modality: 'mri', bodyPart: 'knee', code: 'MRKNE', minutes: 30, online: true, examNotes: METAL },
  { slug: 'mri-shoulder', name: 'MRI Shoulder', modality: 'mri', bodyPart: 'shoulder', code: 'MRSHO', minutes: 30, online: true, examNotes: METAL },
  { slug: 'mri-breast', name: 'MRI Breast', modality: 'mri', bodyPart: 'breast', code: 'MRBRS', minutes: 45, online: false, infoModal: true, examNotes: CONTRAST, notes: 'Best booked on days 7 to 14 of your cycle.' },
  { slug: 'ct-brain', name: 'CT Brain', modality: 'ct', bodyPart: 'head', code: 'CTBRN', minutes: 15, online: true },
  { slug: 'ct-chest', name: 'CT Chest', modality: 'ct', bodyPart: 'chest', code: 'CTCHE', minutes: 15, online: true },
  { slug: 'ct-sinuses', name: 'CT Sinuses', modality: 'ct', bodyPart: 'head', code: 'CTSIN', minutes: 15, online: true },
  { slug: 'ct-lumbar-spine', name: 'CT Lumbar spine', modality: 'ct', bodyPart: 'spine', code: 'CTLSP', minutes: 15, online: true },
  { slug: 'ct-abdomen-pelvis-contrast', name: 'CT Abdomen and pelvis with contrast', modality: 'ct', bodyPart: 'abdomen', code: 'CTABPC', minutes: 30, online: false, infoModal: true, examNotes: `${CONTRAST} ${FAST}` },
  { slug: 'ct-coronary-angiogram', name: 'CT Coronary angiogram', modality: 'ct', bodyPart: 'heart', code: 'CTCA', minutes: 45, online: false, infoModal: true, examNotes: 'Avoid caffeine for 12 hours before the scan.' },
  { slug: 'xray-chest', name: 'Chest X-ray', modality: 'x-ray', bodyPart: 'chest', code: 'XRCHE', minutes: 10, online: true },
  { slug: 'xray-knee', name: 'X-ray Knee', modality: 'x-ray', bodyPart: 'knee', code: 'XRKNE', minutes: 10, online: true },
  { slug: 'xray-hand-wrist', name: 'X-ray Hand and wrist', modality: 'x-ray', bodyPart: 'hand-wrist', code: 'XRHWR', minutes: 10, online: true },
  { slug: 'xray-lumbar-spine', name: 'X-ray Lumbar spine', modality: 'x-ray', bodyPart: 'spine', code: 'XRLSP', minutes: 15, online: true },
  { slug: 'xray-foot-ankle', name: 'X-ray Foot and ankle', modality: 'x-ray', bodyPart: 'foot-ankle', code: 'XRFTA', minutes: 10, online: true },
  { slug: 'us-abdomen', name: 'Ultrasound Abdomen', modality: 'ultrasound', bodyPart: 'abdomen', code: 'USABD', minutes: 30, online: true, examNotes: FAST },
  { slug: 'us-pelvis', name: 'Ultrasound Pelvis', modality: 'ultrasound', bodyPart: 'pelvis', code: 'USPEL', minutes: 30, online: true, examNotes: 'Drink 1 litre of water an hour before; do not empty your bladder.' },
  { slug: 'us-obstetric-12-week', name: 'Obstetric ultrasound 12 weeks (nuchal translucency)', modality: 'ultrasound', bodyPart: 'pelvis', code: 'USOB12', minutes: 45, online: true },
  { slug: 'us-thyroid', name: 'Ultrasound Thyroid', modality: 'ultrasound', bodyPart: 'neck', code: 'USTHY', minutes: 20, online: true },
  { slug: 'us-shoulder', name: 'Ultrasound Shoulder', modality: 'ultrasound', bodyPart: 'shoulder', code: 'USSHO', minutes: 30, online: true },
  { slug: 'us-breast', name: 'Ultrasound Breast', modality: 'ultrasound', bodyPart: 'breast', code: 'USBRS', minutes: 30, online: true },
  { slug: 'mammogram-screening', name: 'Screening mammogram', modality: 'mammography', bodyPart: 'breast', code: 'MGSCR', minutes: 20, online: true, notes: 'Please do not wear deodorant or talc on the day.' },
  { slug: 'mammogram-diagnostic', name: 'Diagnostic mammogram', modality: 'mammography', bodyPart: 'breast', code: 'MGDIA', minutes: 30, online: true },
  { slug: 'nm-bone-scan', name: 'Whole body bone scan', modality: 'nuclear-medicine', bodyPart: 'whole-body', code: 'NMBON', minutes: 240, online: false, infoModal: true, examNotes: 'Two visits on the same day, about three hours apart.' },
  { slug: 'nm-thyroid-scan', name: 'Thyroid scan', modality: 'nuclear-medicine', bodyPart: 'neck', code: 'NMTHY', minutes: 60, online: false, infoModal: true },
];

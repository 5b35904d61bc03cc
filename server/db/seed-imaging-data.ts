/**
 * The demonstration provider's finished studies (issue 17): past
 * appointments at Sydney CBD with their images and reports. Times are days
 * before the seed's day; seed-imaging.ts writes them, and the files are made
 * on first request from the `synthetic` recipe (services/dicom-synth.ts).
 */

export type SyntheticRecipe = 'ct-abdomen' | 'mr-knee' | 'dx-chest' | 'us-abdomen';

export interface SeedSeries {
  number: number;
  description: string;
  /** Number of images (slices). */
  images: number;
  rows: number;
  columns: number;
}

export interface SeedStudy {
  accessionNumber: string;
  examSlug: string;
  modality: 'CT' | 'MR' | 'DX' | 'US';
  description: string;
  bodyPart: string;
  /** null: no images arrived (the 'images not available' case). */
  synthetic: SyntheticRecipe | null;
  series: SeedSeries[];
  patient: {
    id: string;
    firstName: string;
    lastName: string;
    dateOfBirth: string;
    sex: 'F' | 'M';
    email: string;
  };
  referrer: { id: string; name: string; email: string };
  daysAgo: number;
  /** Hour of the day (clinic time, Sydney) the scan started. */
  hour: number;
  /**
   * The patient's answers to the pain-score questionnaires (0 to 10): before
   * the scan (PAIN_SCORE_INITIAL, at check-in) and after it (PAIN_SCORE_FINAL),
   * with what they wrote about the pain. Absent when the patient gave none.
   */
  painScores?: { initial: number; final: number; notes: string };
  report: {
    status: 'PRELIMINARY' | 'FINAL';
    /** Days after the scan the report became final. */
    finalAfterDays: number | null;
    clinicalHistory: string;
    technique: string;
    findings: string;
    impression: string;
    radiologist: string;
  };
}

export const SEED_CLINIC = 'sydney-cbd';

/** Per-modality release rules (results_access_rules); '*' for the others. */
export const seedAccessRules = [
  { modality: 'CT', releaseAfterDays: 7, releaseWhenReferrerOpened: true, availableMonths: 24 },
  { modality: 'MR', releaseAfterDays: 7, releaseWhenReferrerOpened: true, availableMonths: 24 },
  { modality: 'DX', releaseAfterDays: 3, releaseWhenReferrerOpened: true, availableMonths: 12 },
  { modality: 'US', releaseAfterDays: 3, releaseWhenReferrerOpened: false, availableMonths: 12 },
  { modality: '*', releaseAfterDays: 5, releaseWhenReferrerOpened: true, availableMonths: 12 },
] as const;

export const seedStudies: SeedStudy[] = [
  {
    accessionNumber: 'HI-2611-0231',
    examSlug: 'ct-abdomen-pelvis-contrast',
    modality: 'CT',
    description: 'CT Abdomen and pelvis with contrast',
    bodyPart: 'ABDOMEN',
    synthetic: 'ct-abdomen',
    series: [
      { number: 2, description: 'Portal venous 2.5mm', images: 96, rows: 256, columns: 256 },
    ],
    patient: {
      id: 'HI0412871',
      firstName: 'Margaret',
      lastName: 'Chen',
      dateOfBirth: '1961-03-14',
      sex: 'F',
      email: 'margaret.chen@example.com',
    },
    referrer: { id: 'seed-ref-okoro', name: 'Dr Adaeze Okoro', email: 'a.okoro@example.org' },
    daysAgo: 12,
    hour: 9,
    painScores: {
      initial: 5,
      final: 4,
      notes: 'Dull ache under my right ribs, worse after meals.',
    },
    report: {
      status: 'FINAL',
      finalAfterDays: 1,
      clinicalHistory:
        'Right upper quadrant pain for three weeks. Raised ALP. ?Gallstones ?liver lesion.',
      technique:
        'Helical CT of the abdomen and pelvis in the portal venous phase after 90 mL of intravenous Omnipaque 350. Oral contrast given. Axial 2.5 mm reconstructions with coronal reformats.',
      findings:
        'Liver: normal size. A 14 mm well-defined low-density lesion in segment VI measures 12 HU, in keeping with a simple cyst. No other focal lesion.\n' +
        'Gallbladder: two calcified calculi, the larger 9 mm, without wall thickening or pericholecystic fluid. Common bile duct 5 mm.\n' +
        'Pancreas, spleen and adrenal glands: unremarkable.\n' +
        'Kidneys: symmetrical enhancement, no hydronephrosis or calculus.\n' +
        'Bowel: no obstruction or wall thickening. Normal appendix.\n' +
        'No free fluid or lymphadenopathy. Mild degenerative change of the lumbar spine.',
      impression:
        '1. Cholelithiasis without CT evidence of acute cholecystitis.\n2. 14 mm simple hepatic cyst in segment VI; no follow-up needed.',
      radiologist: 'Dr James Whitfield, FRANZCR',
    },
  },
  {
    accessionNumber: 'HI-2611-0232',
    examSlug: 'mri-knee',
    modality: 'MR',
    description: 'MRI Knee',
    bodyPart: 'KNEE',
    synthetic: 'mr-knee',
    series: [{ number: 3, description: 'SAG PD FS', images: 24, rows: 256, columns: 256 }],
    patient: {
      id: 'HI0388120',
      firstName: 'David',
      lastName: 'Okafor',
      dateOfBirth: '1988-11-02',
      sex: 'M',
      email: 'david.okafor@example.com',
    },
    referrer: {
      id: 'seed-ref-lindqvist',
      name: 'Dr Erik Lindqvist',
      email: 'e.lindqvist@example.org',
    },
    daysAgo: 20,
    hour: 14,
    painScores: {
      initial: 3,
      final: 5,
      notes: 'Aches on the inside of the knee; keeping it straight in the scanner made it worse.',
    },
    report: {
      status: 'FINAL',
      finalAfterDays: 1,
      clinicalHistory:
        'Twisting injury playing football six weeks ago. Medial joint line pain and locking.',
      technique:
        'Multiplanar proton density fat-suppressed and T1-weighted images of the left knee at 3 T.',
      findings:
        'Oblique tear of the posterior horn of the medial meniscus extending to the inferior articular surface. Lateral meniscus intact.\n' +
        'Anterior and posterior cruciate ligaments intact. Grade 1 sprain of the medial collateral ligament.\n' +
        'Small joint effusion. No bone bruise. Articular cartilage preserved.',
      impression:
        'Oblique tear of the posterior horn of the medial meniscus. Grade 1 MCL sprain. Small effusion.',
      radiologist: 'Dr Priya Raman, FRANZCR',
    },
  },
  {
    accessionNumber: 'HI-2611-0233',
    examSlug: 'xray-chest',
    modality: 'DX',
    description: 'Chest X-ray',
    bodyPart: 'CHEST',
    synthetic: 'dx-chest',
    series: [{ number: 1, description: 'PA', images: 1, rows: 512, columns: 512 }],
    patient: {
      id: 'HI0455302',
      firstName: 'Sophie',
      lastName: 'Williams',
      dateOfBirth: '1979-07-21',
      sex: 'F',
      email: 'sophie.williams@example.com',
    },
    referrer: { id: 'seed-ref-okoro', name: 'Dr Adaeze Okoro', email: 'a.okoro@example.org' },
    daysAgo: 1,
    hour: 11,
    report: {
      status: 'FINAL',
      finalAfterDays: 0,
      clinicalHistory: 'Persistent cough for four weeks, non-smoker. ?Infection.',
      technique: 'Single PA erect radiograph of the chest.',
      findings:
        'The lungs are clear. No focal consolidation, pleural effusion or pneumothorax.\n' +
        'Heart size is normal. Mediastinal contours are normal. Bones unremarkable.',
      impression: 'Normal chest radiograph.',
      radiologist: 'Dr James Whitfield, FRANZCR',
    },
  },
  {
    accessionNumber: 'HI-2611-0234',
    examSlug: 'us-abdomen',
    modality: 'US',
    description: 'Ultrasound Abdomen',
    bodyPart: 'ABDOMEN',
    synthetic: 'us-abdomen',
    series: [{ number: 1, description: 'Abdomen', images: 1, rows: 480, columns: 640 }],
    patient: {
      id: 'HI0301944',
      firstName: 'Liam',
      lastName: 'Patel',
      dateOfBirth: '1970-01-30',
      sex: 'M',
      email: 'liam.patel@example.com',
    },
    referrer: {
      id: 'seed-ref-lindqvist',
      name: 'Dr Erik Lindqvist',
      email: 'e.lindqvist@example.org',
    },
    daysAgo: 420,
    hour: 10,
    report: {
      status: 'FINAL',
      finalAfterDays: 0,
      clinicalHistory: 'Deranged liver function tests.',
      technique: 'Transabdominal ultrasound of the upper abdomen.',
      findings:
        'The liver is of normal size with diffusely increased echogenicity, in keeping with fatty infiltration. No focal lesion.\n' +
        'Gallbladder normal without calculi. CBD 4 mm. Spleen 10 cm. Kidneys normal.',
      impression: 'Hepatic steatosis.',
      radiologist: 'Dr Priya Raman, FRANZCR',
    },
  },
  {
    accessionNumber: 'HI-2611-0235',
    examSlug: 'xray-knee',
    modality: 'DX',
    description: 'X-ray Knee',
    bodyPart: 'KNEE',
    synthetic: null,
    series: [],
    patient: {
      id: 'HI0472210',
      firstName: 'Noah',
      lastName: 'Brown',
      dateOfBirth: '2001-05-09',
      sex: 'M',
      email: 'noah.brown@example.com',
    },
    referrer: { id: 'seed-ref-okoro', name: 'Dr Adaeze Okoro', email: 'a.okoro@example.org' },
    daysAgo: 1,
    hour: 15,
    painScores: {
      initial: 7,
      final: 7,
      notes: 'Sharp pain when I bend the knee or put weight on it.',
    },
    report: {
      status: 'PRELIMINARY',
      finalAfterDays: null,
      clinicalHistory: 'Fall onto the right knee. ?Fracture.',
      technique: 'AP and lateral radiographs of the right knee.',
      findings: 'No fracture or dislocation. Small suprapatellar effusion.',
      impression: 'No fracture.',
      radiologist: 'Dr James Whitfield, FRANZCR',
    },
  },
];

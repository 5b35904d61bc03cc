/**
 * The demonstration provider's Macedonian (issue 13 part 8): its catalogue,
 * questionnaires, consent forms, outcome messages and notices, as a
 * provider translates them, through its translation bundle. MK maps each
 * English text of the seed to its translation once; mkSeedBundle() gives
 * every keyed text of the seeded data (catalogueKey, surveyTexts) its
 * translation, so a text added to the seed without one is caught by
 * server/test/seed-translations.test.ts.
 */
import type { TranslationBundle } from '../../src/contract/portal.js';
import { catalogueKey } from '../../src/domain/i18n/catalogue-texts.js';
import {
  consentFormPrefix,
  surveyPrefix,
  surveyTexts,
} from '../../src/domain/i18n/survey-texts.js';
import { bodyParts, exams, modalities, regions } from './seed-catalogue.js';
import { seedConsentForms } from './seed-consent-forms.js';
import { providerConfig, termsHtml } from './seed-data.js';
import { outcomeTexts, seedQuestionnaires } from './seed-questionnaires.js';
import { WIDE_BORE_EXAM } from './seed-questionnaires-screening.js';

// prettier-ignore
const CATALOGUE: Record<string, string> = {
  Sydney: 'Сиднеј', Perth: 'Перт', Auckland: 'Окленд',
  MRI: 'МРИ', CT: 'КТ', 'X-Ray': 'Рендген', Ultrasound: 'Ултразвук', Mammography: 'Мамографија',
  'Nuclear Medicine': 'Нуклеарна медицина',
  Head: 'Глава', Neck: 'Врат', Chest: 'Гради', Breast: 'Дојка', Heart: 'Срце', Abdomen: 'Абдомен',
  Pelvis: 'Карлица', Spine: 'Рбет', Shoulder: 'Рамо', 'Hand and wrist': 'Шака и рачен зглоб',
  Knee: 'Колено', 'Foot and ankle': 'Стапало и скочен зглоб', 'Whole body': 'Цело тело',
  'MRI Brain': 'МРИ на мозок',
  'MRI Brain with contrast': 'МРИ на мозок со контраст',
  'MRI Lumbar spine': 'МРИ на лумбален рбет',
  'MRI Knee': 'МРИ на колено',
  'MRI Shoulder': 'МРИ на рамо',
  'MRI Breast': 'МРИ на дојки',
  'CT Brain': 'КТ на мозок',
  'CT Chest': 'КТ на гради',
  'CT Sinuses': 'КТ на синуси',
  'CT Lumbar spine': 'КТ на лумбален рбет',
  'CT Abdomen and pelvis with contrast': 'КТ на абдомен и карлица со контраст',
  'CT Coronary angiogram': 'КТ коронарна ангиографија',
  'Chest X-ray': 'Рендген на гради',
  'X-ray Knee': 'Рендген на колено',
  'X-ray Hand and wrist': 'Рендген на шака и рачен зглоб',
  'X-ray Lumbar spine': 'Рендген на лумбален рбет',
  'X-ray Foot and ankle': 'Рендген на стапало и скочен зглоб',
  'Ultrasound Abdomen': 'Ултразвук на абдомен',
  'Ultrasound Pelvis': 'Ултразвук на карлица',
  'Obstetric ultrasound 12 weeks (nuchal translucency)':
    'Акушерски ултразвук во 12. недела (нухална транслуценција)',
  'Ultrasound Thyroid': 'Ултразвук на тироидна жлезда',
  'Ultrasound Shoulder': 'Ултразвук на рамо',
  'Ultrasound Breast': 'Ултразвук на дојки',
  'Screening mammogram': 'Скрининг мамографија',
  'Diagnostic mammogram': 'Дијагностичка мамографија',
  'Whole body bone scan': 'Сцинтиграфија на коски на цело тело',
  'Thyroid scan': 'Сцинтиграфија на тироидна жлезда',
  'MRI Knee (wide-bore, for claustrophobia)': 'МРИ на колено (широк отвор, при клаустрофобија)',
  [WIDE_BORE_EXAM.notes]: 'Поширок и пократок скенер, со повеќе простор околу вас.',
  'Leave jewellery, watches and hair clips at home and wear clothes without metal; you may be asked to change into a gown.':
    'Оставете ги накитот, часовникот и шнолите дома и облечете облека без метал; можеби ќе ве замолиме да облечете мантил.',
  'Do not eat for 6 hours before the scan; water is fine.':
    'Не јадете 6 часа пред снимањето; вода смеете да пиете.',
  'Needs a recent kidney function blood test (eGFR). We will call you to book.':
    'Потребна е неодамнешна крвна анализа за бубрежната функција (eGFR). Ќе ве повикаме за да закажеме.',
  'Needs a recent kidney function blood test (eGFR). We will call you to book. Do not eat for 6 hours before the scan; water is fine.':
    'Потребна е неодамнешна крвна анализа за бубрежната функција (eGFR). Ќе ве повикаме за да закажеме. Не јадете 6 часа пред снимањето; вода смеете да пиете.',
  'Avoid caffeine for 12 hours before the scan.': 'Не пијте кафе и пијалаци со кофеин 12 часа пред снимањето.',
  'Drink 1 litre of water an hour before; do not empty your bladder.':
    'Испијте 1 литар вода еден час пред прегледот и не го празнете мочниот меур.',
  'Two visits on the same day, about three hours apart.':
    'Две посети во ист ден, во размак од околу три часа.',
  'Best booked on days 7 to 14 of your cycle.': 'Најдобро е да се закаже од 7. до 14. ден од циклусот.',
  'Please do not wear deodorant or talc on the day.':
    'На денот на прегледот не ставајте дезодоранс ниту талк.',
};

// prettier-ignore
const QUESTIONNAIRES: Record<string, string> = {
  Yes: 'Да', No: 'Не', 'Not sure': 'Не сум сигурна', 'Something else': 'Нешто друго',
  'MRI safety screening': 'Безбедносни прашања пред МРИ',
  'MRI uses a strong magnet. These questions keep you safe during the scan.':
    'МРИ користи силен магнет. Овие прашања се за ваша безбедност при снимањето.',
  'Implants and devices': 'Импланти и уреди',
  'Do you have a cardiac pacemaker, defibrillator or another implanted electronic device?':
    'Дали имате срцев пејсмејкер, дефибрилатор или друг вграден електронски уред?',
  'Do you have any metal in your body (implants, clips, shrapnel or metal fragments)?':
    'Дали имате метал во телото (импланти, клипси, шрапнели или метални делчиња)?',
  'Which of these do you have?': 'Што од ова имате?',
  'Joint replacement': 'Вештачки зглоб',
  'Brain aneurysm clip': 'Клипса за мозочна аневризма',
  'Cochlear implant': 'Кохлеарен имплант',
  'Metal fragments (for example in the eye)': 'Метални делчиња (на пример, во окото)',
  'Please describe the implant and when it was placed.': 'Опишете го имплантот и кога е вграден.',
  'About you': 'За вас',
  'Are you, or could you be, pregnant?': 'Дали сте бремени или можеби сте бремени?',
  'Do you feel anxious in small or enclosed spaces?':
    'Дали чувствувате вознемиреност во мали или затворени простории?',
  'Will you claim a Medicare rebate for this scan?':
    'Дали ќе барате надомест од Medicare за ова снимање?',
  'CT contrast screening': 'Прашања пред КТ со контраст',
  'Some CT scans use an iodine contrast injection. Tell us about your health first.':
    'За некои КТ снимања се дава инјекција со јодно контрастно средство. Прво кажете ни за вашето здравје.',
  'Do you have kidney disease or reduced kidney function?':
    'Дали имате бубрежна болест или намалена бубрежна функција?',
  'Have you ever reacted to an iodine contrast injection?':
    'Дали некогаш сте имале реакција на инјекција со јодно контрастно средство?',
  'What happened?': 'Што се случи?',
  "Do you hold a Department of Veterans' Affairs (DVA) card?":
    'Дали имате картичка на австралиското Министерство за ветерани (DVA)?',
  'Preparing for your ultrasound': 'Подготовка за ултразвук',
  '<p>For an abdominal scan, do not eat for 6 hours before. For a pelvic scan, drink 1 litre of water an hour before and do not empty your bladder.</p>':
    '<p>За ултразвук на абдомен, не јадете 6 часа пред прегледот. За ултразвук на карлица, испијте 1 литар вода еден час пред прегледот и не го празнете мочниот меур.</p>',
  'I have read the preparation instructions': 'Ги прочитав упатствата за подготовка',
  'Do you have a referral from your doctor?': 'Дали имате упат од вашиот лекар?',
  'Pain score before your procedure': 'Јачина на болката пред интервенцијата',
  'How much pain do you feel right now?': 'Колку болка чувствувате во моментов?',
  '0 means no pain, 10 the worst pain you can imagine.':
    '0 значи без болка, 10 најсилна болка што можете да ја замислите.',
  'No pain': 'Без болка',
  'Worst pain imaginable': 'Најсилна замислива болка',
  'Anything you want us to know about the pain?': 'Сакате ли да ни кажете нешто за болката?',
  'Pain score after your procedure': 'Јачина на болката по интервенцијата',
  'Radiologist protocol': 'Протокол на радиологот',
  Protocol: 'Протокол', Standard: 'Стандарден', 'With contrast': 'Со контраст',
  'Under sedation': 'Под седација',
  'Scan duration in minutes': 'Траење на снимањето во минути',
  'Notes for the technologist': 'Белешки за радиолошкиот технолог',
  'What brings you in?': 'Зошто доаѓате?',
  'What is the scan for?': 'За што е снимањето?',
  'An injury in the last few days': 'Повреда во последните неколку дена',
  'Breast screening, with no symptoms': 'Скрининг на дојки, без симптоми',
  'Referrer details': 'Податоци за лекарот што упатува',
  'Provider number': 'Број на давател (provider number)',
  Urgency: 'Итност', Routine: 'Рутински', 'Urgent (within 48 hours)': 'Итно (во рок од 48 часа)',
  'Clinical notes': 'Клинички белешки',
  'How was your visit?': 'Како помина вашата посета?',
  'How satisfied were you with your visit?': 'Колку сте задоволни од посетата?',
  'Not at all': 'Воопшто не', 'Very satisfied': 'Многу задоволни',
  'Would you recommend us to a friend?': 'Дали би не препорачале на пријател?',
  'Anything we could do better?': 'Што би можеле да направиме подобро?',
  'Cancel your appointment': 'Откажете го терминот',
  'Why are you cancelling?': 'Зошто го откажувате терминот?',
  'I feel better': 'Се чувствувам подобро',
  'I booked elsewhere': 'Закажав на друго место',
  'The time no longer suits me': 'Времето повеќе не ми одговара',
  'The cost': 'Цената', 'Another reason': 'Друга причина', 'Tell us more': 'Кажете ни повеќе',
  'Decline the offered appointment': 'Одбијте го понудениот термин',
  'Why does this appointment not suit you?': 'Зошто овој термин не ви одговара?',
  'The time does not suit me': 'Времето не ми одговара',
  'The clinic is too far': 'Клиниката е предалеку',
  'I no longer need the scan': 'Снимањето повеќе не ми е потребно',
  'Before your MRI visit': 'Пред вашата посета за МРИ',
  'A few details so our radiographers can get ready for you.':
    'Неколку податоци за нашите радиолошки технолози да се подготват за вас.',
  'Would you like an interpreter at your appointment?': 'Дали сакате преведувач на терминот?',
  'Which language?': 'На кој јазик?',
  'Will you need help to move onto the scanner table?':
    'Дали ќе ви треба помош да легнете на масата на скенерот?',
  'Consent to the procedure': 'Согласност за интервенцијата',
  '<p>The radiographer has explained the scan, its risks (including a reaction to a contrast injection) and the alternatives. I may ask questions and withdraw my consent at any time.</p>':
    '<p>Радиолошкиот технолог ми ги објасни снимањето, неговите ризици (вклучително и реакција на инјекција со контрастно средство) и можните алтернативи. Можам да поставувам прашања и да ја повлечам согласноста во секое време.</p>',
  'I have read and understood this form, and I agree': 'Го прочитав и го разбрав овој образец и се согласувам',
  'Your signature': 'Ваш потпис',
  'Consent to share your images and report': 'Согласност за споделување на снимките и наодот',
  '<p>I agree that Harbour Imaging shares my images and report with my referring doctor and other doctors treating me, through secure electronic channels.</p>':
    '<p>Се согласувам Harbour Imaging да ги споделува моите снимки и наодот со лекарот што ме упатил и со другите лекари што ме лекуваат, преку безбедни електронски канали.</p>',
};

/** Outcome messages (seed-questionnaires.ts outcomeTexts) and the provider's notices, by key. */
const KEYED: TranslationBundle = {
  'message.questionnaire_denied_pacemaker':
    'Не можеме онлајн да закажеме МРИ за лица со пејсмејкер, дефибрилатор или друг вграден електронски уред. Јавете ни се на {{phone}}: нашиот тим ќе го провери уредот и безбедно ќе го закаже снимањето.',
  'message.questionnaire_booking_request_contrast':
    'Поради вашите одговори за контрастот, радиолог прво ќе го прегледа барањето. Ќе го испратиме како барање за термин и ќе ве повикаме за да договориме време.',
  'message.questionnaire_booking_denied':
    'Според вашите одговори, ова снимање не може да се закаже онлајн. Јавете ни се за да закажете.',
  'message.questionnaire_booking_request_required':
    'Според вашите одговори, за ова снимање е потребно барање за термин: радиолог го прегледува и ние ве повикуваме.',
  'message.questionnaire_date_restricted':
    'Поради вашите одговори, најраниот датум што можеме да го понудиме е {{date}}. Изберете подоцнежен термин.',
  'message.feedback_already_provided': 'Ви благодариме: веќе го дадовте вашето мислење.',
  'message.questionnaire_not_found': 'Овој прашалник не е достапен.',
  'message.exam_change_not_allowed': 'Вашите одговори не го менуваат овој преглед.',
  // The PATIENT_NOTE outcomes of the MRI safety screening (migration 017).
  'message.questionnaire_note_claustrophobia':
    'Ни кажавте дека затворените простори ве вознемируваат. Кажете му на радиографот кога ќе пристигнете: ќе ве води низ снимањето, можете да слушате музика, а придружник може да остане со вас. Ако мислите дека ќе ви треба благо седативно средство, прашајте го лекарот пред денот на снимањето и донесете некого да ве однесе дома. Прашања? Јавете ни се на {{phone}}.',
  'message.questionnaire_note_implant':
    'На терминот донесете ја картичката за имплантот или писмото за имплантот од вашиот хирург.',
  // The default cancel reasons (services/appointment-rules.ts), by their English label.
  'cancelReason.I am feeling better': 'Се чувствувам подобро',
  'cancelReason.The time no longer suits me': 'Времето повеќе не ми одговара',
  'cancelReason.I booked with another provider': 'Закажав кај друг давател',
  'cancelReason.My doctor changed the request': 'Мојот лекар го промени барањето',
  'cancelReason.Other': 'Друго',
  // The document types of migration 009 (server/test/booking-locale.test.ts checks each has one).
  'documentType.referral.title': 'Упат',
  'documentType.referral.description':
    'Барањето од вашиот лекар или специјалист: јасна фотографија од секоја страница или PDF-от што сте го добиле.',
  'documentType.previous_imaging_report.title': 'Наод од претходно снимање',
  'documentType.previous_imaging_report.description':
    'Наод од претходни снимања на истиот дел од телото, за радиологот да може да спореди.',
  'documentType.medicare_card.title': 'Картичка Medicare',
  'documentType.medicare_card.description':
    'Предната страна на вашата картичка Medicare, ако сакате трошокот да го наплатиме директно од Medicare.',
  'documentType.other.title': 'Друг документ',
  'documentType.other.description':
    'Сè друго што вашиот лекар ви рекол да донесете, на пример писмо или лабораториски наод.',
  'radiology.bannerMessage':
    '<p><strong>Работно време за празниците:</strong> сите клиники затвораат во 13 часот на 24 декември и повторно работат од 27 декември. <a href="/contact">Погледнете ги контактите</a>.</p>',
  'radiology.about':
    '<p>Harbour Imaging е пракса предводена од радиолози, со клиники во Сиднеј, Перт и Окленд.</p>' +
    '<p>Нудиме МРИ, КТ, рендген, ултразвук, мамографија и нуклеарна медицина, а наодот го добива вашиот лекар истиот ден.</p>',
  'radiology.terms': `<h2>Услови за користење</h2>
<p>Овие услови важат за порталот за онлајн закажување на Harbour Imaging Group Pty Ltd („ние“, „нас“).</p>
<h3>Закажување</h3>
<p>Онлајн закажувањето е барање за прикажаниот термин. Може да ве контактираме за да го преместиме кога радиолог ќе го
прегледа вашиот упат или кога опремата не е достапна. Донесете ги упатот, картичката Medicare и претходните снимки.</p>
<h3>Откажување</h3>
<p>Откажете го или преместете го терминот најмалку 24 часа однапред, онлајн или по телефон.</p>
<h3>Вашите податоци</h3>
<p>Со вашите здравствени податоци постапуваме според австралиските начела за приватност (Australian Privacy Principles)
и новозеландскиот Кодекс за приватност на здравствените информации. Повеќе во нашата политика за приватност.</p>
<h3>Итни случаи</h3>
<p>Овој портал не е за итни случаи. Во Австралија јавете се на 000, во Нов Зеланд на 111.</p>`,
  'radiology.contact':
    '<p>Јавете се на <a href="tel:+61255500100">(02) 5550 0100</a> (Сиднеј), <a href="tel:+61855500200">(08) 5550 0200</a> (Перт) ' +
    'или <a href="tel:+6495550300">(09) 555 0300</a> (Окленд), од понеделник до петок од 8 до 18 часот.</p>' +
    '<p>Е-пошта: <a href="mailto:bookings@harbour-imaging.example">bookings@harbour-imaging.example</a>.</p>',
};

/** Every text of the seed a patient reads, by its translation key, in English. */
export function seedTextsByKey(): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const region of regions) texts[catalogueKey.region(region.slug)] = region.name;
  for (const modality of modalities) texts[catalogueKey.modality(modality.slug)] = modality.name;
  for (const part of bodyParts) texts[catalogueKey.bodyPart(part.slug)] = part.name;
  // The wide-bore exam keeps the notes of the exam it replaces (seed-questionnaires.ts).
  const wideBore = {
    ...exams.find((exam) => exam.slug === WIDE_BORE_EXAM.from),
    ...WIDE_BORE_EXAM,
  };
  for (const exam of [...exams, wideBore]) {
    texts[catalogueKey.exam(exam.slug)] = exam.name;
    if (exam.examNotes) texts[catalogueKey.exam(exam.slug, 'examNotes')] = exam.examNotes;
    if (exam.notes) texts[catalogueKey.exam(exam.slug, 'notes')] = exam.notes;
  }
  for (const item of seedQuestionnaires) {
    Object.assign(texts, surveyTexts(surveyPrefix(item.code), item.json));
    texts[`${surveyPrefix(item.code)}.title`] = item.title;
  }
  for (const form of seedConsentForms) {
    Object.assign(texts, surveyTexts(consentFormPrefix(form.code), form.json));
    texts[`${consentFormPrefix(form.code)}.title`] = form.title;
  }
  for (const [key, text] of Object.entries(outcomeTexts)) texts[key] = text;
  const { bannerMessage, about, contact } = providerConfig.radiology;
  Object.assign(texts, {
    'radiology.bannerMessage': bannerMessage,
    'radiology.about': about,
    'radiology.contact': contact,
    'radiology.terms': termsHtml,
  });
  return texts;
}

/** Validator texts that are message keys: the portal's own bundles translate them. */
export function isMessageKey(text: string): boolean {
  return /^[a-z_]+(\.[a-z_]+)+$/.test(text);
}

/** The seed's Macedonian bundle: each keyed text of the seed, translated. */
export function mkSeedBundle(): TranslationBundle {
  const bundle: TranslationBundle = {};
  for (const [key, text] of Object.entries(KEYED))
    if (/^(documentType|cancelReason)\./.test(key)) bundle[key] = text;
  for (const [key, text] of Object.entries(seedTextsByKey())) {
    const translated = KEYED[key] ?? CATALOGUE[text] ?? QUESTIONNAIRES[text];
    if (translated !== undefined) bundle[key] = translated;
  }
  return bundle;
}

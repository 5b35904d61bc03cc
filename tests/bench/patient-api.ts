/**
 * A patient's browser for the bench: a cookie jar, booking keys bound to it,
 * and the safety screenings the server asks for before it books.
 */

/** A tiny cookie jar for one patient (Node's fetch keeps none). */
export class Jar {
  private cookies = new Map<string, string>();
  take(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const value = pair.slice(at + 1);
      if (/Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(line) || value === '')
        this.cookies.delete(pair.slice(0, at));
      else this.cookies.set(pair.slice(0, at), value);
    }
  }
  /** Adds one "name=value" pair. */
  set(pair: string): void {
    const at = pair.indexOf('=');
    if (at > 0) this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/**
 * The server refuses exams whose safety screening the key has not answered
 * (409 message.questionnaire_required): stores "No" (else the first choice)
 * for every always-shown radio question of the exam's screenings.
 */
export async function answerSafetyScreenings(
  origin: string,
  bookingKey: string,
  examSlug: string,
  cookie: string,
): Promise<void> {
  type Element = { type?: string; name?: string; visibleIf?: string; choices?: unknown[] };
  const listed = (await (
    await fetch(
      `${origin}/api/questionnaires?examSlugs=${examSlug}&bookingKey=${bookingKey}&types=CREATE_BOOKING_REQUEST`,
      { headers: { cookie } },
    )
  ).json()) as { questionnaires: { id: number; json: { pages?: { elements?: Element[] }[] } }[] };
  for (const questionnaire of listed.questionnaires) {
    const answers: Record<string, unknown> = {};
    for (const element of (questionnaire.json.pages ?? []).flatMap((page) => page.elements ?? [])) {
      if (element.visibleIf || !element.name || element.type !== 'radiogroup') continue;
      const values = (element.choices ?? []).map((choice) =>
        typeof choice === 'object' && choice !== null
          ? (choice as { value: unknown }).value
          : choice,
      );
      answers[element.name] = values.includes('no') ? 'no' : values[0];
    }
    const saved = await fetch(`${origin}/api/questionnaires/temporary_answers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({
        bookingKey,
        questionnaireId: questionnaire.id,
        questionnaireResult: answers,
        examSlug,
      }),
    });
    if (saved.status !== 200)
      throw new Error(`temporary answers ${saved.status}: ${await saved.text()}`);
  }
}

/** A booking key bound to a fresh browser, with the exam's safety screenings answered. */
export async function preparedKey(origin: string, examSlug: string) {
  const browser = new Jar();
  const issued = await fetch(`${origin}/api/booking/booking_key`, { method: 'POST' });
  browser.take(issued);
  const { bookingKey } = (await issued.json()) as { bookingKey: string };
  await answerSafetyScreenings(origin, bookingKey, examSlug, browser.header());
  return { bookingKey, cookie: browser.header() };
}

/** A check-in time in the clinic's own zone (the window opens at clinic-local time), e.g. "9:40 am". */
export function clinicTime(iso: string, timeZone: string, locale: string): string {
  try {
    return new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone }).format(
      new Date(iso),
    );
  } catch {
    return iso.slice(11, 16);
  }
}

export function clinicDateTime(iso: string, timeZone: string, locale: string): string {
  try {
    return new Intl.DateTimeFormat(locale, {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      hour: 'numeric',
      minute: '2-digit',
      timeZone,
    }).format(new Date(iso));
  } catch {
    return iso;
  }
}

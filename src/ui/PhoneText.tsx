import { Fragment } from 'react';
import { isPhoneNumber, telHref } from '../domain/contact-number';

export interface PhoneTextProps {
  /** The message, already translated with its values filled in. */
  text: string;
  /** The message's values: those that are phone numbers become tap-to-call links. */
  params?: Record<string, string> | undefined;
}

/**
 * A message that names phone numbers (a denial, a note about the visit):
 * each number is a tap-to-call link, so a patient on a phone calls with one
 * tap instead of copying digits (issue 13).
 */
export function PhoneText({ text, params }: PhoneTextProps) {
  const phones = Object.values(params ?? {}).filter(isPhoneNumber);
  if (phones.length === 0) return <>{text}</>;
  const parts: (string | { phone: string })[] = [];
  let rest = text;
  for (;;) {
    const next = phones
      .map((phone) => ({ phone, at: rest.indexOf(phone) }))
      .filter((found) => found.at >= 0)
      .sort((a, b) => a.at - b.at)[0];
    if (!next) break;
    parts.push(rest.slice(0, next.at), { phone: next.phone });
    rest = rest.slice(next.at + next.phone.length);
  }
  parts.push(rest);
  return (
    <>
      {parts.map((part, index) =>
        typeof part === 'string' ? (
          <Fragment key={index}>{part}</Fragment>
        ) : (
          <a key={index} href={telHref(part.phone)}>
            {part.phone}
          </a>
        ),
      )}
    </>
  );
}

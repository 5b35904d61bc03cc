/** Texts of `<imaging-kiosk>` and `<imaging-kiosk-idle>` (spec 2.5 kiosk modals, issue 16). */
export const kioskEnAU = {
  'kiosk.title': 'Welcome',
  'kiosk.lead': 'What would you like to do today?',
  'kiosk.check_in': 'Check in',
  'kiosk.check_in_hint': 'I have an appointment today',
  'kiosk.book': 'Book a scan',
  'kiosk.book_hint': 'Choose an exam, a clinic and a time',
  'kiosk.choices': 'Kiosk choices',
  'kiosk.device_title': 'Name this device',
  'kiosk.device_text':
    'Staff: give this kiosk a name, for example the clinic and the place it stands. It is kept on this device.',
  'kiosk.device_label': 'Device name',
  'kiosk.device_save': 'Save',
  'kiosk.device_name': 'This device: {{name}}',
  'kiosk.device_forget': 'Forget this device',
};

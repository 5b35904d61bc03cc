// A real SMTP server on 127.0.0.1 (the smtp-server package) that keeps every
// mail it receives as one JSON line in a file, so the end-to-end journeys read
// one-time codes from e-mails the portal really sent with nodemailer.
// start-server.mjs starts it when E2E_SMTP_PORT is set.
import { appendFileSync, writeFileSync } from 'node:fs';
import { SMTPServer } from 'smtp-server';

/** @returns {Promise<SMTPServer>} */
export function startSmtpSink({ port, file }) {
  writeFileSync(file, '');
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        appendFileSync(file, `${JSON.stringify({ to, raw, at: new Date().toISOString() })}\n`);
        callback();
      });
    },
  });
  return new Promise((resolve, reject) => {
    server.on('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

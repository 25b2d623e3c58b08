// The inbox of the Basha that sends email in the end-to-end runs: the API suite's real SMTP
// server on loopback (apps/api/test/smtp-test-server.ts), whose received emails the journeys
// read over HTTP (`GET /?to=<address>`: subject and plain text, oldest first).
import http from 'node:http';
import { startTestSmtpServer } from '../../apps/api/test/smtp-test-server.ts';

const smtp = await startTestSmtpServer({ port: Number(process.env.MAILBOX_SMTP_PORT) });
http
  .createServer((request, response) => {
    const to = new URL(request.url ?? '/', 'http://mailbox.invalid').searchParams.get('to');
    const emails = to ? smtp.to(to) : [];
    response.setHeader('content-type', 'application/json');
    response.end(
      JSON.stringify(emails.map(({ mail }) => ({ subject: mail.subject, text: mail.text }))),
    );
  })
  .listen(Number(process.env.MAILBOX_HTTP_PORT), '127.0.0.1');

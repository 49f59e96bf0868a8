/**
 * A real SMTP server for tests (the `smtp-server` package) on 127.0.0.1, parsing each received mail with
 * `mailparser`. It can be stopped and started again on the same port, to play a relay that is down for a while.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  parsed: ParsedMail;
  /** A header's raw value as sent (unfolded), by lower-case name. */
  header(name: string): string | undefined;
}

export interface TestSmtpServer {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** Mail received for one address. */
  to(address: string): ReceivedMail[];
  stop(): Promise<void>;
  start(): Promise<void>;
}

export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  let server: SMTPServer | undefined;
  let port = 0;
  const listen = async () => {
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, done) {
        simpleParser(stream).then((parsed) => {
          received.push({
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            parsed,
            header: (name) =>
              parsed.headerLines
                .find((line) => line.key === name.toLowerCase())
                ?.line.replace(/^[^:]*:\s*/, '')
                .replace(/\r?\n[ \t]+/g, ' '),
          });
          done();
        }, done);
      },
    });
    await new Promise<void>((resolve, reject) => {
      smtp.once('error', reject);
      smtp.listen(port, '127.0.0.1', () => resolve());
    });
    port = (smtp.server.address() as AddressInfo).port;
    server = smtp;
  };
  await listen();
  return {
    get port() {
      return port;
    },
    get url() {
      return `smtp://127.0.0.1:${port}`;
    },
    received,
    to: (address) => received.filter((mail) => mail.to.includes(address)),
    async stop() {
      const smtp = server;
      server = undefined;
      if (smtp) await new Promise<void>((resolve) => smtp.close(() => resolve()));
    },
    async start() {
      if (!server) await listen();
    },
  };
}

import { mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { simpleParser } from 'mailparser';
import { createMailer, parseEml, readOutbox } from './index.js';

interface Received {
  ehlo?: string;
  auth?: string;
  mailFrom?: string;
  rcptTo: string[];
  data?: string;
}

/**
 * Just enough of an SMTP server (RFC 5321) for nodemailer: EHLO/HELO, AUTH PLAIN, MAIL, RCPT, DATA,
 * RSET, NOOP, QUIT. `rejectRcpt` answers RCPT with 550 to exercise delivery failures.
 */
async function startSmtpServer(opts: { rejectRcpt?: boolean } = {}) {
  const sessions: Received[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.setEncoding('utf8');
    const session: Received = { rcptTo: [] };
    sessions.push(session);
    let buffer = '';
    let dataLines: string[] | null = null;
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 localhost ESMTP test');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let eol: number;
      while ((eol = buffer.indexOf('\r\n')) !== -1) {
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        if (dataLines) {
          if (line === '.') {
            session.data = dataLines.join('\r\n');
            dataLines = null;
            reply('250 2.0.0 queued');
          } else {
            dataLines.push(line.startsWith('..') ? line.slice(1) : line); // dot-unstuffing
          }
          continue;
        }
        const verb = line.split(' ')[0]?.toUpperCase();
        if (verb === 'EHLO') {
          session.ehlo = line.slice(5);
          reply('250-localhost');
          reply('250 AUTH PLAIN');
        } else if (verb === 'HELO') reply('250 localhost');
        else if (verb === 'AUTH') {
          session.auth = Buffer.from(line.split(' ')[2] ?? '', 'base64').toString('utf8');
          reply('235 2.7.0 accepted');
        } else if (verb === 'MAIL') {
          session.mailFrom = /<(.*)>/.exec(line)?.[1];
          reply('250 2.1.0 ok');
        } else if (verb === 'RCPT') {
          if (opts.rejectRcpt) reply('550 5.1.1 no such user');
          else {
            session.rcptTo.push(/<(.*)>/.exec(line)?.[1] ?? '');
            reply('250 2.1.5 ok');
          }
        } else if (verb === 'DATA') {
          dataLines = [];
          reply('354 end with <CRLF>.<CRLF>');
        } else if (verb === 'RSET' || verb === 'NOOP') reply('250 ok');
        else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('502 5.5.2 not implemented');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    sessions,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

const RESET_LINK = `https://rummage.example/reset-password?token=${'Ab9_-'.repeat(12)}`;

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rummage-mail-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function makeLog() {
  return { info: vi.fn<(obj: object, msg?: string) => void>() };
}

describe('outbox mailer (no SMTP_URL)', () => {
  it('writes a private .eml file and logs where, but not the body', async () => {
    const outboxDir = join(dir, 'data', 'outbox'); // created on first send
    const log = makeLog();
    const mailer = createMailer({ from: 'Rummage <no-reply@localhost>', outboxDir, log });
    expect(mailer.transport).toBe('outbox');

    await mailer.send({ to: 'ana@example.com', subject: 'Reset your password', text: `Open ${RESET_LINK}` });

    const names = await readdir(outboxDir);
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z-[0-9a-f]{8}\.eml$/);
    const file = join(outboxDir, names[0] as string);
    expect((await stat(file)).mode & 0o777).toBe(0o600);

    const raw = await readFile(file, 'utf8');
    expect(raw).toMatch(/^From: Rummage <no-reply@localhost>\r\n/m);
    expect(raw).toContain('To: ana@example.com');
    expect(raw).toContain('MIME-Version: 1.0');

    expect(log.info).toHaveBeenCalledTimes(1);
    expect(log.info).toHaveBeenCalledWith(
      { to: 'ana@example.com', subject: 'Reset your password', file },
      'mail written to outbox',
    );
    expect(JSON.stringify(log.info.mock.calls)).not.toContain('token=');
  });

  it('reads the outbox back, newest last, with the reset link intact', async () => {
    const mailer = createMailer({ from: 'no-reply@localhost', outboxDir: dir, log: makeLog() });
    await mailer.send({ to: 'first@example.com', subject: 'First', text: 'one' });
    await mailer.send({ to: 'second@example.com', subject: 'Second', text: 'two' });
    // A long link gets quoted-printable soft line breaks on the wire; reading must undo them.
    await mailer.send({
      to: 'third@example.com',
      subject: 'Réinitialiser — mot de passe, a subject long enough to be folded over several lines',
      text: `Bonjour Zoë,\n\nOpen ${RESET_LINK} to reset.\n= done`,
      html: `<p><a href="${RESET_LINK}">Reset</a></p>`,
    });

    const mails = await readOutbox(dir);
    expect(mails.map((m) => m.subject)).toEqual([
      'First',
      'Second',
      'Réinitialiser — mot de passe, a subject long enough to be folded over several lines',
    ]);
    expect(mails[0]).toEqual({
      file: expect.stringMatching(/\.eml$/),
      to: 'first@example.com',
      subject: 'First',
      text: 'one',
    });
    expect(mails[2]?.to).toBe('third@example.com');
    expect(mails[2]?.text).toBe(`Bonjour Zoë,\n\nOpen ${RESET_LINK} to reset.\n= done`);
  });

  it('keeps send order for mail written in the same millisecond', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2030-01-01T00:00:00Z') });
    try {
      const mailer = createMailer({ from: 'no-reply@localhost', outboxDir: dir, log: makeLog() });
      for (let i = 0; i < 5; i++) await mailer.send({ to: `u${i}@example.com`, subject: `#${i}`, text: 'x' });
    } finally {
      vi.useRealTimers();
    }
    expect((await readOutbox(dir)).map((m) => m.subject)).toEqual(['#0', '#1', '#2', '#3', '#4']);
  });

  it('reads a missing outbox as empty', async () => {
    expect(await readOutbox(join(dir, 'nope'))).toEqual([]);
  });
});

describe('SMTP mailer (SMTP_URL set)', () => {
  it('delivers through the relay with the URL credentials', async () => {
    const smtp = await startSmtpServer();
    try {
      const log = makeLog();
      const mailer = createMailer({
        smtpUrl: `smtp://relay-user:relay%20pass@127.0.0.1:${smtp.port}`,
        from: 'Rummage <no-reply@rummage.example>',
        outboxDir: dir,
        log,
      });
      expect(mailer.transport).toBe('smtp');

      await mailer.send({
        to: 'ana@example.com',
        subject: 'Reset your password',
        text: `Open ${RESET_LINK}`,
      });

      const session = smtp.sessions.find((s) => s.data);
      expect(session?.auth).toBe('\0relay-user\0relay pass');
      expect(session?.mailFrom).toBe('no-reply@rummage.example');
      expect(session?.rcptTo).toEqual(['ana@example.com']);
      const mail = parseEml(session?.data ?? '');
      expect(mail).toEqual({
        to: 'ana@example.com',
        subject: 'Reset your password',
        text: `Open ${RESET_LINK}`,
      });

      expect(log.info).toHaveBeenCalledWith(
        { to: 'ana@example.com', subject: 'Reset your password', messageId: expect.any(String) },
        'mail sent',
      );
      expect(JSON.stringify(log.info.mock.calls)).not.toMatch(/token=|relay pass|relay%20pass/);
      expect(await readdir(dir)).toEqual([]); // nothing in the outbox
    } finally {
      await smtp.close();
    }
  });

  it('rejects when the relay refuses the recipient', async () => {
    const smtp = await startSmtpServer({ rejectRcpt: true });
    try {
      const mailer = createMailer({
        smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
        from: 'a@localhost',
        outboxDir: dir,
        log: makeLog(),
      });
      await expect(mailer.send({ to: 'ghost@example.com', subject: 's', text: 't' })).rejects.toThrow(
        /550|no such user/,
      );
    } finally {
      await smtp.close();
    }
  });

  it('rejects when the relay is unreachable', async () => {
    const smtp = await startSmtpServer();
    await smtp.close(); // the port is now closed
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
      from: 'a@localhost',
      outboxDir: dir,
      log: makeLog(),
    });
    await expect(mailer.send({ to: 'a@example.com', subject: 's', text: 't' })).rejects.toThrow();
  });
});

describe('parseEml', () => {
  it('reads base64 bodies, LF line ends and nested multipart', () => {
    const eml = [
      'To: =?UTF-8?B?Wm/Dqw==?= <zoe@example.com>',
      'Subject: =?UTF-8?Q?caf=C3=A9?= =?UTF-8?Q?_ouvert?=',
      'Content-Type: multipart/mixed; boundary=outer',
      '',
      '--outer',
      'Content-Type: multipart/alternative; boundary="inner"',
      '',
      '--inner',
      'Content-Type: text/html',
      '',
      '<p>html</p>',
      '--inner',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.from('héllo\nworld').toString('base64'),
      '--inner--',
      '--outer--',
      '',
    ].join('\n');
    expect(parseEml(eml)).toEqual({
      to: 'Zoë <zoe@example.com>',
      subject: 'café ouvert',
      text: 'héllo\nworld',
    });
  });
});

describe('notification e-mail parts and headers', () => {
  const UNSUBSCRIBE = `https://rummage.example/api/Notifications/unsubscribe?token=12.messages.${'Ab9_-'.repeat(8)}abc`;
  const notification = {
    to: 'ana@example.com',
    subject: 'Bob sent you a message about Lamp',
    text: 'Bob wrote: is it there?',
    html: '<p>Bob wrote: is it there?</p>',
    listUnsubscribe: UNSUBSCRIBE,
  };

  it('writes both parts and the one-click headers (RFC 8058) to the outbox without SMTP_URL', async () => {
    const mailer = createMailer({ from: 'Rummage <no-reply@localhost>', outboxDir: dir, log: makeLog() });
    await mailer.send(notification);
    const [mail] = await readOutbox(dir);
    expect(mail?.text).toBe('Bob wrote: is it there?');
    const parsed = await simpleParser(await readFile(mail!.file));
    expect(parsed.html).toBe('<p>Bob wrote: is it there?</p>');
    const header = (name: string) => parsed.headerLines.find((line) => line.key === name)?.line;
    expect(header('list-unsubscribe')).toBe(`List-Unsubscribe: <${UNSUBSCRIBE}>`);
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  });

  it('sends no List-Unsubscribe header on account e-mail', async () => {
    const mailer = createMailer({ from: 'a@localhost', outboxDir: dir, log: makeLog() });
    await mailer.send({ to: 'ana@example.com', subject: 'Reset', text: `Open ${RESET_LINK}` });
    const [mail] = await readOutbox(dir);
    expect(await readFile(mail!.file, 'utf8')).not.toMatch(/List-Unsubscribe/i);
  });

  it('gives up on a relay that accepts the connection and never greets, after the greeting timeout', async () => {
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => sockets.add(socket)); // says nothing, ever
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = silent.address() as AddressInfo;
      const mailer = createMailer({
        smtpUrl: `smtp://127.0.0.1:${port}`,
        from: 'a@localhost',
        outboxDir: dir,
        log: makeLog(),
        timeouts: { greetingTimeout: 300 },
      });
      const started = Date.now();
      await expect(mailer.send(notification)).rejects.toThrow(/greeting|timeout/i);
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});

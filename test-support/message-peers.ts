/**
 * The far ends of email and SMS for tests: a real SMTP server (smtp-server, with login
 * required) and an HTTP server that answers like Twilio's Messages API.
 */
import { simpleParser } from 'mailparser';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';

export interface ReceivedEmail {
  from: string;
  to: string[];
  subject: string;
  messageId: string;
  text: string;
  html: string;
  /** Each header as sent (unfolded), by its lower-cased name. */
  headers: Record<string, string>;
  /** The files it carried (a booking's calendar invite), their content as text. */
  attachments: Array<{ filename: string; contentType: string; content: string }>;
}

/** What the SMTP server answers for a recipient: accept (undefined), or an SMTP code and text. */
export type RecipientAnswer = { code: number; message: string } | undefined;

export interface TestSmtpServer {
  port: number;
  /** smtp://user:pass@127.0.0.1:port */
  url: string;
  received: ReceivedEmail[];
  /** Successful logins so far: one per connection a client opened and signed in on. */
  logins: number;
  /** Decides each recipient's answer; accepts everyone by default. */
  answer: (recipient: string) => RecipientAnswer;
  close(): Promise<void>;
}

export const smtpLogin = { user: 'mailer', pass: 'smtp secret' };

export async function startSmtpServer(port = 0): Promise<TestSmtpServer> {
  const received: ReceivedEmail[] = [];
  const peer: Partial<TestSmtpServer> = { received, logins: 0, answer: () => undefined };
  const server = new SMTPServer({
    // Plain SMTP with required login: no certificate to manage in a test.
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: false,
    logger: false,
    onAuth(auth, _session, done) {
      if (auth.username === smtpLogin.user && auth.password === smtpLogin.pass) {
        peer.logins = (peer.logins ?? 0) + 1;
        return done(null, { user: auth.username });
      }
      done(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onRcptTo(address, _session, done) {
      const refusal = peer.answer?.(address.address);
      if (refusal) return done(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
      done();
    },
    onData(stream: SMTPServerDataStream, session: SMTPServerSession, done) {
      simpleParser(stream).then(
        (mail) => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            subject: mail.subject ?? '',
            messageId: mail.messageId ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
            headers: Object.fromEntries(
              mail.headerLines.map(({ key, line }) => [
                key,
                line
                  .slice(line.indexOf(':') + 1)
                  .replace(/\r?\n[ \t]+/g, ' ')
                  .trim(),
              ]),
            ),
            attachments: mail.attachments.map((file) => ({
              filename: file.filename ?? '',
              contentType: file.contentType,
              content: file.content.toString('utf8'),
            })),
          });
          done();
        },
        (error: Error) => done(error),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  // A client that dies mid-message (a killed server under test) resets its connection.
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ECONNRESET') throw error;
  });
  const address = server.server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  return Object.assign(peer, {
    port: bound,
    url: `smtp://${smtpLogin.user}:${encodeURIComponent(smtpLogin.pass)}@127.0.0.1:${bound}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }) as TestSmtpServer;
}

export interface ReceivedSms {
  accountSid: string;
  authorization: string;
  to: string;
  from: string | null;
  messagingServiceSid: string | null;
  body: string;
}

export interface TestTwilioServer {
  url: string;
  received: ReceivedSms[];
  /** The answer to each send: 201 with a SID by default; set a status and body to refuse. */
  answer: (sms: ReceivedSms) => { status: number; body: Record<string, unknown> } | undefined;
  close(): Promise<void>;
}

export const twilioAccount = { sid: 'AC0123456789abcdef0123456789abcdef', token: 'twilio-test-token', from: '+61480000000' };

/** POST /2010-04-01/Accounts/{sid}/Messages.json with Basic auth and a form body, as Twilio takes it. */
export async function startTwilioServer(): Promise<TestTwilioServer> {
  const received: ReceivedSms[] = [];
  const peer: Partial<TestTwilioServer> = { received, answer: () => undefined };
  let count = 0;
  const answer = async (req: IncomingMessage, res: ServerResponse) => {
    const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(req.url ?? '');
    const reply = (status: number, body: Record<string, unknown>) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'POST' || !match) return reply(404, { code: 20404, message: 'The requested resource was not found', status: 404 });
    const expected = `Basic ${Buffer.from(`${twilioAccount.sid}:${twilioAccount.token}`).toString('base64')}`;
    if (req.headers.authorization !== expected) return reply(401, { code: 20003, message: 'Authenticate', status: 401 });
    const form = new URLSearchParams(await readBody(req));
    const sms: ReceivedSms = {
      accountSid: decodeURIComponent(match[1]),
      authorization: req.headers.authorization,
      to: form.get('To') ?? '',
      from: form.get('From'),
      messagingServiceSid: form.get('MessagingServiceSid'),
      body: form.get('Body') ?? '',
    };
    const refusal = peer.answer?.(sms);
    if (refusal) return reply(refusal.status, refusal.body);
    received.push(sms);
    const sid = `SM${String(++count).padStart(32, '0')}`;
    reply(201, { sid, status: 'queued', to: sms.to, from: sms.from, body: sms.body });
  };
  const server: Server = createServer((req, res) => void answer(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return Object.assign(peer, {
    url: `http://127.0.0.1:${port}`,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  }) as TestTwilioServer;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

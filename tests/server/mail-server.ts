// A real SMTP server for the tests (the smtp-server package) on a free port:
// it keeps what it receives, parsed by the tests, and can be told to refuse.
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface Received { from: string; to: string[]; raw: string }

export interface MailServer {
  url: string;
  received: Received[];
  /** the next n mails are refused with a temporary error (451) */
  refuseNext(n: number): void;
  close(): Promise<void>;
}

export async function startMailServer(port = 0): Promise<MailServer> {
  const received: Received[] = [];
  let refusals = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (refusals > 0) {
          refusals--;
          const error = Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 });
          callback(error);
          return;
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${bound}`,
    received,
    refuseNext: (n) => { refusals = n; },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A received mail's parts, decoded: its subject, HTML and plain text (nodemailer writes quoted-printable or base64). */
export function partsOf(raw: string): { subject: string; html: string; text: string } {
  return { subject: decodeHeader(header(raw, 'Subject')), html: part(raw, 'text/html'), text: part(raw, 'text/plain') };
}

function header(raw: string, name: string): string {
  const head = raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
  return new RegExp(`^${name}: (.*)$`, 'mi').exec(head)?.[1] ?? '';
}

function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_, enc: string, data: string) => (enc.toLowerCase() === 'b'
    ? Buffer.from(data, 'base64').toString('utf8')
    : decodeQp(data.replace(/_/g, ' '))));
}

function decodeQp(text: string): string {
  const bytes: number[] = [];
  const soft = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i++) {
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(soft[i], 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

function part(raw: string, type: string): string {
  const at = raw.search(new RegExp(`Content-Type: ${type.replace('/', '\\/')}`, 'i'));
  if (at < 0) return '';
  const rest = raw.slice(at);
  const [head, ...body] = rest.split(/\r?\n\r?\n/);
  const content = body.join('\n\n').split(/\r?\n--/)[0];
  const encoding = /Content-Transfer-Encoding: (\S+)/i.exec(head)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(content.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQp(content);
  return content;
}

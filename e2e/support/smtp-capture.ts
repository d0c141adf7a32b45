import fs from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

export interface SmtpCapture {
  port: number;
  close(): Promise<void>;
}

/**
 * A real SMTP server for the end-to-end run (GUIDE section 6): the app's sender delivers to it
 * over TCP, and every message it accepts is written, whole, as one .eml file in `mailDir`
 * (written under a temporary name, then renamed, so a reader never sees half a message).
 * Started by playwright.config.ts in the runner process; unref'd so it never keeps it alive.
 */
export async function startSmtpCapture(mailDir: string, port = 0): Promise<SmtpCapture> {
  let sequence = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    banner: 'TesterHub e2e mail capture',
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        sequence += 1;
        const name = `${Date.now()}-${process.pid}-${String(sequence).padStart(5, '0')}`;
        const recipients = session.envelope.rcptTo.map((recipient) => recipient.address).join(', ');
        // The envelope recipients lead the file, as a header, like a local delivery agent's Delivered-To.
        const content = Buffer.concat([Buffer.from(`X-Envelope-To: ${recipients}\r\n`), ...chunks]);
        const temporary = path.join(mailDir, `${name}.tmp`);
        try {
          fs.writeFileSync(temporary, content);
          fs.renameSync(temporary, path.join(mailDir, `${name}.eml`));
          callback();
        } catch (error) {
          callback(error as Error);
        }
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  // Errors on single connections (a client that hangs up) must not stop the run.
  server.on('error', () => {});
  server.server.unref();
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('SMTP capture server has no TCP address');
  return {
    port: address.port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

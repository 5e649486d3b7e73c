import type { Transporter } from 'nodemailer';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { createMailSender, type MailFrom, startMailWorker } from './outbox.ts';

/**
 * Sends the outbox over SMTP when SMTP_URL is set; without it e-mails wait in the outbox (staff
 * can read them there) and nothing is lost. Answers a stop function. nodemailer is loaded only when
 * there is a mail server to talk to.
 */
export async function startMailDelivery(
  config: Pick<Config, 'smtpUrl'>,
  from: MailFrom,
  db: Database,
  clock: Clock,
  log: (message: string) => void,
): Promise<() => void> {
  if (!config.smtpUrl) {
    log('SMTP_URL is not set: e-mails are kept in the outbox, unsent.');
    return () => undefined;
  }
  const { default: nodemailer } = await import('nodemailer');
  const transport = nodemailer.createTransport(config.smtpUrl);
  const sender = createMailSender({
    db,
    transport,
    from,
    clock,
    onError: (error, id) =>
      log(`e-mail ${id} not sent yet: ${error instanceof Error ? error.message : String(error)}`),
  });
  return startMailWorker(sender);
}

/**
 * Whether the SMTP server answers and accepts the login (nodemailer's verify), within `timeoutMs`.
 * A server that is down or refuses is an answer here, never a thrown error.
 */
export async function verifyMailServer(
  smtpUrl: string,
  timeoutMs = 5000,
): Promise<{ ok: true } | { ok: false; error: string }> {
  let transport: Transporter | undefined;
  let timer: NodeJS.Timeout | undefined;
  try {
    const { default: nodemailer } = await import('nodemailer');
    transport = nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs,
    });
    const verifying = transport.verify();
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`No answer within ${timeoutMs / 1000} s.`)), timeoutMs + 500);
    });
    await Promise.race([verifying, late]);
    return { ok: true };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message.slice(0, 500) : String(error) };
  } finally {
    clearTimeout(timer);
    transport?.close();
  }
}

import nodemailer from 'nodemailer';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { createMailSender, startMailWorker } from './outbox.ts';

/**
 * Sends the outbox over SMTP when SMTP_URL is set; without it e-mails wait in the outbox (staff
 * can read them there) and nothing is lost. Answers a stop function.
 */
export function startMailDelivery(
  config: Pick<Config, 'smtpUrl' | 'mailFrom'>,
  db: Database,
  clock: Clock,
  log: (message: string) => void,
): () => void {
  if (!config.smtpUrl) {
    log('SMTP_URL is not set: e-mails are kept in the outbox, unsent.');
    return () => undefined;
  }
  const transport = nodemailer.createTransport(config.smtpUrl);
  const sender = createMailSender({
    db,
    transport,
    from: config.mailFrom,
    clock,
    onError: (error, id) =>
      log(`e-mail ${id} not sent yet: ${error instanceof Error ? error.message : String(error)}`),
  });
  return startMailWorker(sender);
}

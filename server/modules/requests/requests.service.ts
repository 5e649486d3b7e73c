import { asc, inArray } from 'drizzle-orm';
import {
  type ContactRequest,
  type CustomRequest,
  type ProcessStep,
  quantityMinimumMessage,
  type RequestReceipt,
  SOCK_SIZES,
  splitLogos,
  textAlignmentLabel,
  textLocationLabel,
} from '../../../domain/requests.ts';
import type { Database, Tx } from '../../db/database.ts';
import { contactRequests, customRequests, processSteps, uploads } from '../../db/schema.ts';
import { badRequest } from '../../lib/errors.ts';
import { enqueueMail } from '../../providers/mail/outbox.ts';
import type { AuthUser } from '../auth/auth.service.ts';
import { readSettings } from '../settings/settings.service.ts';

export interface RequestsServiceDeps {
  db: Database;
  /** The shop's address on the web, for links in e-mails (PUBLIC_URL). */
  publicUrl: string;
}

/** A subject is one header line: a name with a line break must not add headers. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** 'Label: value' lines, leaving out nothing: an empty field says so. */
function fieldLines(fields: readonly (readonly [string, string | number])[]): string {
  return fields.map(([label, value]) => `${label}: ${value === '' ? '—' : value}`).join('\n');
}

function block(label: string, text: string): string {
  return `${label}:\n${text.trim() === '' ? '—' : text}`;
}

function customRequestText(request: CustomRequest, logoLinks: readonly string[]): string {
  const size = SOCK_SIZES.find((option) => option.value === request.size)?.label ?? request.size;
  return [
    fieldLines([
      ['Name', request.name],
      ['Email', request.email],
      ['Sock type', request.type],
      ['Size', size],
      ['Colour', request.color],
      ['Stripes', request.stripes],
      ['Stripe colour', request.stripe_color],
      ['Text', request.text],
      ['Text location', textLocationLabel(request.text_location)],
      ['Text alignment', textAlignmentLabel(request.text_alignment)],
      ['Text size', request.text_size],
      ['Text colour', request.text_color],
      ['Logo location', request.logo_location],
      ['Quantity', `${request.quantity} pairs`],
    ]),
    block('Logos', logoLinks.join('\n')),
    block('Message', request.message),
  ].join('\n\n');
}

function contactText(request: ContactRequest): string {
  return [
    fieldLines([
      ['Name', request.name],
      ['Email', request.email],
      ['Phone', request.phone],
      ['Address', request.address],
    ]),
    block('Message', request.message),
  ].join('\n\n');
}

/** Every logo must be a file api/upload stored: the request cannot point the shop anywhere else. */
async function checkLogos(tx: Tx, urls: readonly string[]): Promise<void> {
  if (urls.length === 0) return;
  const unique = [...new Set(urls)];
  const found = await tx.select({ url: uploads.url }).from(uploads).where(inArray(uploads.url, unique));
  if (found.length !== unique.length) {
    const message = 'Logos must be images uploaded with this form.';
    throw badRequest(message, { logo: message });
  }
}

export function createRequestsService({ db, publicUrl }: RequestsServiceDeps) {
  const absolute = (url: string) => `${publicUrl}${url}`;

  return {
    /** GET api/process: the steps in order. */
    processSteps(): Promise<ProcessStep[]> {
      return db
        .select({ title: processSteps.title, image: processSteps.image })
        .from(processSteps)
        .orderBy(asc(processSteps.stepNo));
    },

    /**
     * Stores the custom request and queues the shop's e-mail and the client's copy, in one
     * transaction: a mail server that is down delays the e-mails, never loses the request.
     */
    async submitCustom(caller: AuthUser | null, request: CustomRequest): Promise<RequestReceipt> {
      return db.transaction(async (tx) => {
        const settings = await readSettings(tx);
        if (request.quantity < settings.custom_order_minimum) {
          const message = quantityMinimumMessage(settings.custom_order_minimum);
          throw badRequest(message, { quantity: message });
        }
        const logos = splitLogos(request.logo);
        await checkLogos(tx, logos);
        const [row] = await tx
          .insert(customRequests)
          .values({
            clientId: caller?.id ?? null,
            name: request.name,
            email: request.email,
            type: request.type,
            size: request.size,
            color: request.color,
            stripes: request.stripes,
            stripeColor: request.stripe_color,
            text: request.text,
            textLocation: request.text_location,
            textAlignment: request.text_alignment,
            textSize: request.text_size,
            textColor: request.text_color,
            logos,
            logoLocation: request.logo_location,
            message: request.message,
            quantity: request.quantity,
          })
          .returning({ id: customRequests.id });
        if (!row) throw new Error('custom request insert returned nothing');

        const details = customRequestText(request, logos.map(absolute));
        await enqueueMail(tx, {
          to: settings.store_email,
          subject: oneLine(`Custom sock request #${row.id} from ${request.name}`),
          text: `A custom sock request (#${row.id}) came in through the website. Reply to ${request.email}.\n\n${details}\n`,
        });
        await enqueueMail(tx, {
          to: request.email,
          subject: oneLine(`Your custom sock request to ${settings.store_name}`),
          text:
            `Hello ${request.name},\n\nThank you for your custom sock request (#${row.id}). ` +
            'We will reach you shortly to talk about your design, a proof and a quote.\n\n' +
            `Here is a copy of what you sent us:\n\n${details}\n\n` +
            `${settings.store_name}\n${settings.store_email}\n`,
        });
        return { id: row.id };
      });
    },

    /** Stores the contact message and queues the shop's e-mail in one transaction. */
    async submitContact(caller: AuthUser | null, request: ContactRequest): Promise<RequestReceipt> {
      return db.transaction(async (tx) => {
        const settings = await readSettings(tx);
        const [row] = await tx
          .insert(contactRequests)
          .values({ clientId: caller?.id ?? null, ...request })
          .returning({ id: contactRequests.id });
        if (!row) throw new Error('contact request insert returned nothing');
        await enqueueMail(tx, {
          to: settings.store_email,
          subject: oneLine(`Contact message #${row.id} from ${request.name}`),
          text: `A message came in through the website's contact form. Reply to ${request.email}.\n\n${contactText(request)}\n`,
        });
        return { id: row.id };
      });
    },
  };
}

export type RequestsService = ReturnType<typeof createRequestsService>;

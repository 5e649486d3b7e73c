import { asc } from 'drizzle-orm';
import type { Message } from '../../../domain/config.ts';
import type { Database } from '../../db/database.ts';
import { messages } from '../../db/schema.ts';

export function createMessagesService(db: Database) {
  return {
    /** The message catalogue ({ code, text }) by code, e.g. not_enough_stock with its {0}. */
    list(): Promise<Message[]> {
      return db
        .select({ code: messages.code, text: messages.text })
        .from(messages)
        .orderBy(asc(messages.code));
    },
  };
}

export type MessagesService = ReturnType<typeof createMessagesService>;

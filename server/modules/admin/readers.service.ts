/**
 * The shop's card readers in the back office: listed with their status and who uses them,
 * renamed, assigned to a staff member, registered (the card processor makes the reader: Stripe
 * Terminal from a registration code; the sandbox a simulated one). Every change is audited.
 */
import { eq, sql } from 'drizzle-orm';
import type { AdminReader } from '../../../domain/admin/readers.ts';
import type { Database } from '../../db/database.ts';
import { clients, readerAssignments } from '../../db/schema.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { PaymentGateway, Reader } from '../../providers/payments/gateway.ts';
import type { AuthUser } from '../auth/auth.service.ts';
import { recordAudit } from './audit.ts';

export function createReadersService({ db, payments }: { db: Database; payments: PaymentGateway }) {
  async function withAssignments(readers: readonly Reader[]): Promise<AdminReader[]> {
    const assignments = await db
      .select({
        readerId: readerAssignments.readerId,
        client_id: clients.id,
        name: sql<string>`trim(${clients.firstName} || ' ' || ${clients.lastName})`,
      })
      .from(readerAssignments)
      .innerJoin(clients, eq(clients.id, readerAssignments.clientId))
      .orderBy(clients.firstName);
    return readers.map((reader) => ({
      id: reader.id,
      label: reader.label,
      status: reader.status,
      device_type: reader.device_type,
      serial_number: reader.serial_number,
      busy: reader.action?.status === 'in_progress',
      assigned_to: assignments
        .filter((assignment) => assignment.readerId === reader.id)
        .map(({ client_id, name }) => ({ client_id, name })),
    }));
  }

  return {
    list: async () => withAssignments(await payments.listReaders()),

    async register(
      actor: AuthUser,
      params: { registration_code: string; label: string },
    ): Promise<AdminReader> {
      const reader = await payments.createReader(params);
      await recordAudit(db, actor, {
        action: 'reader.register',
        entity: 'reader',
        entityId: reader.id,
        after: params,
      });
      const [answer] = await withAssignments([reader]);
      if (!answer) throw new Error('no reader');
      return answer;
    },

    async rename(actor: AuthUser, id: string, label: string): Promise<AdminReader> {
      const before = await payments.retrieveReader(id);
      const reader = await payments.updateReader(id, { label });
      await recordAudit(db, actor, {
        action: 'reader.rename',
        entity: 'reader',
        entityId: id,
        before: { label: before.label },
        after: { label },
      });
      const [answer] = await withAssignments([reader]);
      if (!answer) throw new Error('no reader');
      return answer;
    },

    /** The staff member (POS) uses this reader from now on; others who use it keep it too. */
    async assign(actor: AuthUser, id: string, clientId: number): Promise<AdminReader> {
      const reader = await payments.retrieveReader(id);
      const [staff] = await db.select({ roles: clients.roles }).from(clients).where(eq(clients.id, clientId));
      if (!staff) throw notFound('Staff member');
      if (!staff.roles.includes('POS')) {
        throw badRequest('Only POS staff use a card reader: give them the POS role first.', {
          staff_id: 'This account does not have the POS role.',
        });
      }
      await db.transaction(async (tx) => {
        const [previous] = await tx
          .select({ readerId: readerAssignments.readerId })
          .from(readerAssignments)
          .where(eq(readerAssignments.clientId, clientId));
        await tx
          .insert(readerAssignments)
          .values({ clientId, readerId: id })
          .onConflictDoUpdate({
            target: readerAssignments.clientId,
            set: { readerId: id, updatedAt: new Date() },
          });
        await recordAudit(tx, actor, {
          action: 'reader.assign',
          entity: 'reader',
          entityId: id,
          before: { client_id: clientId, reader: previous?.readerId ?? null },
          after: { client_id: clientId, reader: id },
        });
      });
      const [answer] = await withAssignments([reader]);
      if (!answer) throw new Error('no reader');
      return answer;
    },
  };
}

export type ReadersService = ReturnType<typeof createReadersService>;

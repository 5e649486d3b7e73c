import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountSchema,
  accountsQuerySchema,
  accountsSchema,
  auditPageSchema,
  auditQuerySchema,
  passwordResetStartedSchema,
  staffCreateSchema,
  staffRolesSchema,
} from '../../../domain/admin/staff.ts';
import { idSchema } from '../../../domain/validation.ts';
import type { AuditService } from './audit.ts';
import type { StaffService } from './staff.service.ts';

const accountParams = z.strictObject({ id: idSchema });

/** Accounts, staff and the audit log in the back office, for admins. */
export const staffRoutes: FastifyPluginAsyncZod<{ staff: StaffService; audit: AuditService }> = async (
  app,
  { staff, audit },
) => {
  app.get(
    '/api/admin/staff',
    {
      config: { access: 'admin' },
      schema: { querystring: accountsQuerySchema, response: { 200: accountsSchema } },
    },
    (request) => staff.list(request.query),
  );

  /** A staff account with its first password. */
  app.post(
    '/api/admin/staff',
    {
      config: { access: 'admin' },
      schema: { body: staffCreateSchema, response: { 201: accountSchema } },
    },
    async (request, reply) => reply.status(201).send(await staff.create(request.caller, request.body)),
  );

  /** The account's staff roles from now on; 409 last_admin when it would leave no admin. */
  app.put(
    '/api/admin/staff/:id/roles',
    {
      config: { access: 'admin' },
      schema: { params: accountParams, body: staffRolesSchema, response: { 200: accountSchema } },
    },
    (request) => staff.setRoles(request.caller, request.params.id, request.body.roles),
  );

  /** The account cannot log in any more, and its sessions end at once. */
  app.post(
    '/api/admin/staff/:id/disable',
    { config: { access: 'admin' }, schema: { params: accountParams, response: { 200: accountSchema } } },
    (request) => staff.setDisabled(request.caller, request.params.id, true),
  );

  app.post(
    '/api/admin/staff/:id/enable',
    { config: { access: 'admin' }, schema: { params: accountParams, response: { 200: accountSchema } } },
    (request) => staff.setDisabled(request.caller, request.params.id, false),
  );

  /** E-mails the account a link to choose a new password (and answers it). */
  app.post(
    '/api/admin/staff/:id/password-reset',
    {
      config: { access: 'admin' },
      schema: { params: accountParams, response: { 200: passwordResetStartedSchema } },
    },
    (request) => staff.startPasswordReset(request.caller, request.params.id),
  );

  app.get(
    '/api/admin/audit',
    {
      config: { access: 'admin' },
      schema: { querystring: auditQuerySchema, response: { 200: auditPageSchema } },
    },
    (request) => audit.list(request.query),
  );
};

import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { replySerializerCompiler } from './reply-serializer.ts';

const lineSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  size: z.string().nullable(),
  package: z.object({ id: z.number().int() }).nullable(),
});
const replySchema = z.object({ lines: z.array(lineSchema), total: z.number().int().nullable() });

/** A server with one route answering `answer`, its replies written by the compiler under test. */
async function serverAnswering(answer: unknown, schema: z.ZodType, checkReplies: boolean) {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(replySerializerCompiler({ checkReplies }));
  app.get('/reply', { schema: { response: { 200: schema } } }, () => answer);
  await app.ready();
  return app;
}

const reply = {
  lines: [
    { id: 1, name: 'Maple "Leaf" crew', size: 'M', package: null, secret: 'never sent' },
    { id: 2, name: 'Gift box é', size: null, package: { id: 7, cost: 1 } },
  ],
  total: null,
  passwordHash: 'never sent',
};

describe('replies written from their schema', () => {
  it.each([true, false])(
    'writes only the schema’s properties, as zod does (checking replies: %s)',
    async (checkReplies) => {
      const app = await serverAnswering(reply, replySchema, checkReplies);
      const response = await app.inject({ method: 'GET', url: '/reply' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(JSON.stringify(z.encode(replySchema, reply as z.input<typeof replySchema>)));
      expect(response.body).not.toContain('never sent');
      expect(response.body).not.toContain('cost');
      await app.close();
    },
  );

  it('refuses a reply that does not match its schema while replies are checked', async () => {
    const app = await serverAnswering({ lines: [{ id: 'one', name: 'x' }], total: 1 }, replySchema, true);
    const response = await app.inject({ method: 'GET', url: '/reply' });
    expect(response.statusCode).toBe(500);
    await app.close();
  });

  it('keeps zod’s serializer for a schema JSON Schema cannot express (a date)', async () => {
    const when = new Date('2026-11-26T12:00:00.000Z');
    const app = await serverAnswering({ when }, z.object({ when: z.date() }), false);
    const response = await app.inject({ method: 'GET', url: '/reply' });
    expect(response.json()).toEqual({ when: '2026-11-26T12:00:00.000Z' });
    await app.close();
  });
});

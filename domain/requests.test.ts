import { describe, expect, it } from 'vitest';
import {
  contactRequestSchema,
  createCustomRequestSchema,
  customRequestSchema,
  logoFileProblem,
  REQUEST_MESSAGES,
  splitLogos,
  UPLOAD_MAX_BYTES,
} from './requests.ts';

const LOGO = `/uploads/${'0123456789abcdef'.repeat(2)}.png`;

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }): string {
  return result.error?.issues[0]?.message ?? '';
}

describe('customRequestSchema', () => {
  const valid = { name: 'Lakeshore Lions', email: 'coach@lions.ca', quantity: 200 };

  it('fills the optional fields with blanks, zero stripes and no choices', () => {
    expect(customRequestSchema.parse(valid)).toEqual({
      ...valid,
      type: '',
      size: '',
      color: '',
      stripes: 0,
      stripe_color: '',
      text: '',
      text_location: null,
      text_alignment: null,
      text_size: '',
      text_color: '',
      logo: '',
      logo_location: '',
      message: '',
    });
  });

  it.each([
    [{ name: '' }, 'Name is required.'],
    [{ name: 'Al' }, 'Name must be at least 3 characters long.'],
    [{ name: 'x'.repeat(256) }, 'Name cannot be more than 255 characters long.'],
    [{ email: '' }, 'Email is required.'],
    [{ email: 'a@b' }, 'Email address is invalid.'],
    [{ quantity: undefined }, 'Quantity is required.'],
    [{ quantity: 199 }, 'Quantity must be at least 200.'],
    [{ text: 'FOURTEEN CHARS' }, 'Text cannot be more than 13 characters long.'],
    [{ stripes: 5 }, 'Stripes must be a number from 0 to 4.'],
    [{ text_location: 0 }, 'Text location must be front (1), back (2) or sides (3).'],
    [{ text_alignment: 3 }, 'Text alignment must be vertical (1) or horizontal (2).'],
    [{ text_size: 'XS' }, 'Text size must be S, M, L or XL.'],
    [{ logo: 'javascript:alert(1)' }, 'Logos must be images uploaded with this form.'],
    [{ logo: Array(6).fill(LOGO).join(',') }, 'At most 5 logos can be sent.'],
  ])('refuses %o with its message', (change, message) => {
    expect(firstMessage(customRequestSchema.safeParse({ ...valid, ...change }))).toBe(message);
  });

  it('accepts 13 letters, stripes 0 to 4 and up to five uploaded logos', () => {
    const parsed = customRequestSchema.parse({
      ...valid,
      text: 'THIRTEEN LETR',
      stripes: 4,
      text_location: 1,
      text_alignment: 2,
      text_size: 'XL',
      logo: Array(5).fill(LOGO).join(', '),
    });
    expect(parsed.text).toHaveLength(13);
  });

  it('builds the minimum from a setting, and refuses unknown fields', () => {
    expect(firstMessage(createCustomRequestSchema(300).safeParse({ ...valid, quantity: 250 }))).toBe(
      'Quantity must be at least 300.',
    );
    expect(customRequestSchema.safeParse({ ...valid, price: 1 }).success).toBe(false);
  });
});

describe('contactRequestSchema', () => {
  it('needs a name and an e-mail only', () => {
    expect(contactRequestSchema.parse({ name: 'Priya', email: 'p@example.ca' })).toEqual({
      name: 'Priya',
      email: 'p@example.ca',
      phone: '',
      address: '',
      message: '',
    });
    expect(firstMessage(contactRequestSchema.safeParse({ name: 'Pr', email: 'p@example.ca' }))).toBe(
      'Name must be at least 3 characters long.',
    );
  });
});

describe('logoFileProblem', () => {
  const file = (name: string, type: string, size = 1000) => ({ name, type, size });

  it('accepts jpg, jpeg, gif, png and svg images', () => {
    for (const [name, type] of [
      ['a.jpg', 'image/jpeg'],
      ['a.JPEG', 'image/jpeg'],
      ['a.gif', 'image/gif'],
      ['a.png', 'image/png'],
      ['a.svg', 'image/svg+xml'],
    ] as const) {
      expect(logoFileProblem(file(name, type))).toBeUndefined();
    }
  });

  it("gives the spec's messages to other files", () => {
    expect(logoFileProblem(file('notes.pdf', 'application/pdf'))).toBe(REQUEST_MESSAGES.onlyImages);
    expect(logoFileProblem(file('noext', ''))).toBe(REQUEST_MESSAGES.onlyImages);
    expect(logoFileProblem(file('photo.webp', 'image/webp'))).toBe(REQUEST_MESSAGES.imageTypes);
    expect(logoFileProblem(file('png', 'image/png'))).toBe(REQUEST_MESSAGES.imageTypes);
    expect(logoFileProblem(file('big.png', 'image/png', UPLOAD_MAX_BYTES + 1))).toBe(
      'The file is too large. The limit is 5 MB.',
    );
    expect(logoFileProblem(file('empty.png', 'image/png', 0))).toBe('The file is empty.');
  });
});

it('splitLogos reads the comma-joined field', () => {
  expect(splitLogos(` ${LOGO}, ,${LOGO} `)).toEqual([LOGO, LOGO]);
  expect(splitLogos('')).toEqual([]);
});

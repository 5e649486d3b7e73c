import { describe, expect, it } from 'vitest';
import { productCreateSchema } from './admin/catalogue.ts';
import { profileSchema, signupSchema } from './auth.ts';
import { formatMessage } from './messages.ts';

function messagesOf(result: {
  success: boolean;
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}) {
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );
}

describe('profile rules (spec storefront §5)', () => {
  const valid = {
    user_name: 'jamie',
    first_name: 'Jamie',
    last_name: 'Tremblay',
    company_name: 'Northern Gift Shop',
    email: 'jamie@example.ca',
  };

  it('accepts the required fields alone and fills the optional ones with empty text', () => {
    const parsed = profileSchema.parse(valid);
    expect(parsed.middle_initial).toBe('');
    expect(parsed.postalcode).toBe('');
  });

  it('trims text before checking it', () => {
    expect(messagesOf(profileSchema.safeParse({ ...valid, first_name: '   ' }))).toEqual({
      first_name: 'Your First Name is required.',
    });
    expect(profileSchema.parse({ ...valid, first_name: '  Li  ' }).first_name).toBe('Li');
  });

  it('takes names of one letter or more, and no company (real people sign up too)', () => {
    const parsed = profileSchema.parse({
      ...valid,
      first_name: 'Li',
      last_name: 'N',
      company_name: undefined,
    });
    expect(parsed).toMatchObject({ first_name: 'Li', last_name: 'N', company_name: '' });
    expect(messagesOf(profileSchema.safeParse({ ...valid, last_name: 'x'.repeat(51) }))).toEqual({
      last_name: 'Your Last Name cannot be more than 50 characters long.',
    });
  });

  it('gives one spec message per field', () => {
    const result = profileSchema.safeParse({ user_name: 'jamie', email: 'x@' });
    expect(messagesOf(result)).toEqual({
      first_name: 'Your First Name is required.',
      last_name: 'Your Last Name is required.',
      email: 'Email address is invalid.',
    });
  });

  it('needs a password of at least 8 characters at sign-up', () => {
    expect(messagesOf(signupSchema.safeParse({ ...valid, password: 'short' }))).toEqual({
      password: 'Password must be at least 8 characters long.',
    });
  });
});

describe('formatMessage', () => {
  it('fills numbered placeholders and leaves unknown ones', () => {
    expect(formatMessage('Sorry, not enough stock for {0}.', 'Maple Crew')).toBe(
      'Sorry, not enough stock for Maple Crew.',
    );
    expect(formatMessage('{0} and {1}', 'a')).toBe('a and {1}');
  });
});

describe('numbers in a form (the back office product form)', () => {
  const product = { code: 'WS-1', name: 'Wool socks', price: 1_500, category_id: 3 };

  it('says a number left empty is required, and one of another kind is not a number', () => {
    const { category_id: _group, ...withoutGroup } = product;
    expect(messagesOf(productCreateSchema.safeParse(withoutGroup))).toEqual({
      category_id: 'Group is required.',
    });
    expect(messagesOf(productCreateSchema.safeParse({ ...product, category_id: null }))).toEqual({
      category_id: 'Group is required.',
    });
    expect(messagesOf(productCreateSchema.safeParse({ ...product, category_id: 'three' }))).toEqual({
      category_id: 'Group must be a number.',
    });
  });

  it('names each empty measure of the shipping box', () => {
    const box = { length_mm: 250, width_mm: undefined, height_mm: 30, weight_g: 'heavy' };
    expect(messagesOf(productCreateSchema.safeParse({ ...product, box }))).toEqual({
      'box.width_mm': 'Width is required.',
      'box.weight_g': 'Weight must be a number.',
    });
  });
});

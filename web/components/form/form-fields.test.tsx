import { zodResolver } from '@hookform/resolvers/zod';
import { screen, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { renderWithProviders } from '../../test/render.tsx';
import { CheckboxField } from './checkbox-field.tsx';
import { DateField } from './date-field.tsx';
import { MoneyField, NumberField } from './number-field.tsx';
import { SelectField } from './select-field.tsx';
import { PasswordField, TextAreaField, TextField } from './text-field.tsx';

const schema = z.object({
  first_name: z.string().trim().min(1, 'First Name is required.'),
  password: z.string().min(8, 'Password must be at least 8 characters.'),
  message: z.string(),
  province: z.string().min(1, 'Province is required.'),
  text_location: z.number().nullable(),
  quantity: z.number({ error: 'Quantity is required.' }).min(200, 'Quantity must be at least 200.'),
  amount: z.union([z.number(), z.string()]).transform((value) => Math.round(Number(value) * 100)),
  addTax: z.boolean(),
  fromDate: z.string().regex(/^\d{2}\/\d{2}\/\d{4}$/, 'Please enter a valid date.'),
});
type Form = z.input<typeof schema>;
type Parsed = z.output<typeof schema>;

function TestForm({ onValid }: { onValid: (values: Parsed) => void }) {
  const { control, handleSubmit } = useForm<Form, unknown, Parsed>({
    resolver: zodResolver(schema),
    defaultValues: {
      first_name: '',
      password: '',
      message: '',
      province: '',
      text_location: null,
      quantity: undefined,
      amount: '',
      addTax: true,
      fromDate: '',
    },
  });
  return (
    <form onSubmit={handleSubmit(onValid)} noValidate>
      <TextField control={control} name="first_name" label="First Name" withAsterisk />
      <PasswordField control={control} name="password" label="Password" />
      <TextAreaField control={control} name="message" label="Message" maxLength={20} />
      <SelectField
        control={control}
        name="province"
        label="Province"
        data={[
          { value: 'ON', label: 'Ontario' },
          { value: 'QC', label: 'Quebec' },
        ]}
      />
      <SelectField
        control={control}
        name="text_location"
        label="Text location"
        numeric
        data={[
          { value: '1', label: 'Cuff' },
          { value: '2', label: 'Sole' },
        ]}
      />
      <NumberField control={control} name="quantity" label="Quantity" />
      <MoneyField control={control} name="amount" label="Amount" />
      <CheckboxField control={control} name="addTax" label="Add tax" />
      <DateField control={control} name="fromDate" label="From Date" />
      <button type="submit">Save</button>
    </form>
  );
}

async function choose(user: ReturnType<typeof renderWithProviders>['user'], label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('the form kit', () => {
  it("shows each field's schema message after a submit, and sends nothing", async () => {
    const onValid = vi.fn();
    const { user } = renderWithProviders(<TestForm onValid={onValid} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('First Name is required.')).toBeTruthy();
    expect(screen.getByText('Password must be at least 8 characters.')).toBeTruthy();
    expect(screen.getByText('Province is required.')).toBeTruthy();
    expect(screen.getByText('Quantity is required.')).toBeTruthy();
    expect(screen.getByText('Please enter a valid date.')).toBeTruthy();
    expect(onValid).not.toHaveBeenCalled();
  });

  it('marks a wrong password on its input, and points it to the message, as the other fields are', async () => {
    const { user } = renderWithProviders(<TestForm onValid={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const password = screen.getByLabelText('Password');
    await waitFor(() => expect(password.getAttribute('aria-invalid')).toBe('true'));
    expect(password.getAttribute('aria-describedby')).toBe(
      screen.getByText('Password must be at least 8 characters.').id,
    );
    const firstName = screen.getByRole('textbox', { name: /First Name/ });
    expect(firstName.getAttribute('aria-invalid')).toBe('true');
  });

  it('holds what is typed and chosen, each field as its form expects', async () => {
    const onValid = vi.fn();
    const { user } = renderWithProviders(<TestForm onValid={onValid} />);
    await user.type(screen.getByRole('textbox', { name: /First Name/ }), 'Li');
    await user.type(screen.getByLabelText('Password'), 'Socks2026!');
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Two lines\nof text');
    await choose(user, 'Province', 'Ontario');
    await choose(user, 'Text location', 'Sole');
    await user.type(screen.getByRole('textbox', { name: 'Quantity' }), '250');
    await user.type(screen.getByRole('textbox', { name: 'Amount' }), '1234.5');
    await user.click(screen.getByRole('checkbox', { name: 'Add tax' }));
    await user.type(screen.getByRole('textbox', { name: 'From Date' }), '11242026');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'From Date' }).value).toBe('11/24/2026');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Amount' }).value).toBe('CDN$1,234.50');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(onValid.mock.calls[0]?.[0]).toEqual({
      first_name: 'Li',
      password: 'Socks2026!',
      message: 'Two lines\nof text',
      province: 'ON',
      text_location: 2,
      quantity: 250,
      amount: 123450,
      addTax: false,
      fromDate: '11/24/2026',
    });
  });

  it('empties a number box that had a value, so that a new number replaces it, and requires one', async () => {
    const quantitySchema = z.object({ quantity: schema.shape.quantity });
    const onValid = vi.fn();
    function DefaultedForm() {
      const { control, handleSubmit } = useForm<
        z.input<typeof quantitySchema>,
        unknown,
        { quantity: number }
      >({
        resolver: zodResolver(quantitySchema),
        defaultValues: { quantity: 200 },
      });
      return (
        <form onSubmit={handleSubmit(onValid)} noValidate>
          <NumberField control={control} name="quantity" label="Quantity" />
          <button type="submit">Save</button>
        </form>
      );
    }
    const { user } = renderWithProviders(<DefaultedForm />);
    const box = screen.getByRole<HTMLInputElement>('textbox', { name: 'Quantity' });
    expect(box.value).toBe('200');
    await user.type(box, '{End}{Backspace}{Backspace}{Backspace}');
    expect(box.value).toBe('');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Quantity is required.')).toBeTruthy();
    expect(onValid).not.toHaveBeenCalled();
    await user.type(box, '250');
    expect(box.value).toBe('250');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(onValid.mock.calls[0]?.[0]).toEqual({ quantity: 250 });
  });

  it('shows an amount with its cents once the box is left, and lets it be typed as a person types it', async () => {
    const amountSchema = z.object({ amount: schema.shape.amount });
    const onValid = vi.fn();
    function AmountForm() {
      const { control, handleSubmit } = useForm<z.input<typeof amountSchema>, unknown, { amount: number }>({
        resolver: zodResolver(amountSchema),
        defaultValues: { amount: '' },
      });
      return (
        <form onSubmit={handleSubmit(onValid)} noValidate>
          <MoneyField control={control} name="amount" label="Amount" />
          <button type="submit">Save</button>
        </form>
      );
    }
    const { user } = renderWithProviders(<AmountForm />);
    const amount = screen.getByRole<HTMLInputElement>('textbox', { name: 'Amount' });
    await user.type(amount, '12.5');
    expect(amount.value).toBe('CDN$12.5');
    await user.tab();
    expect(amount.value).toBe('CDN$12.50');
    await user.clear(amount);
    await user.type(amount, '7');
    expect(amount.value).toBe('CDN$7');
    await user.tab();
    expect(amount.value).toBe('CDN$7.00');
    await user.click(amount);
    await user.type(amount, '{End}{Backspace}{Backspace}{Backspace}');
    expect(amount.value).toBe('CDN$7');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(amount.value).toBe('CDN$7.00');
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(onValid.mock.calls[0]?.[0]).toEqual({ amount: 700 });
  });

  it('counts a long text against its limit, and says when a paste was cut there', async () => {
    const { user } = renderWithProviders(<TestForm onValid={vi.fn()} />);
    expect(screen.getByText('0 / 20 characters')).toBeTruthy();
    const message = screen.getByRole('textbox', { name: 'Message' });
    await user.click(message);
    await user.paste('Twenty-five characters!!!');
    expect((message as HTMLTextAreaElement).value).toBe('Twenty-five characte');
    expect(screen.getByText('20 / 20 characters')).toBeTruthy();
    expect(screen.getByText('The limit of 20 characters is reached; the text stops there.')).toBeTruthy();
  });

  it('keeps a field labelled for the browser tests and people with screen readers', () => {
    renderWithProviders(<TestForm onValid={vi.fn()} />);
    expect(screen.getByRole('textbox', { name: /First Name/ }).getAttribute('name')).toBe('first_name');
    expect(screen.getByRole('button', { name: 'Choose From Date' })).toBeTruthy();
  });
});

import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { QuantityStepper } from './quantity-stepper.tsx';

/** The stepper as the card checkout holds it: the value in the page, 0 to 99. */
function Stepper({ start, min = 0 }: { start: number; min?: number }) {
  const [value, setValue] = useState(start);
  return (
    <>
      <QuantityStepper label="Quantity" value={value} min={min} max={99} onChange={setValue} />
      <button type="button" onClick={() => setValue(0)}>
        Uncheck
      </button>
      <output aria-label="Value">{value}</output>
    </>
  );
}

describe('QuantityStepper (spec §2 quantity stepper)', () => {
  it('shows what is typed, the value once it changes, and reverts an empty box on blur', async () => {
    const { user } = renderWithProviders(<Stepper start={3} />);
    const box = screen.getByRole('textbox', { name: 'Quantity' });
    const value = screen.getByRole('status', { name: 'Value' });

    await user.clear(box);
    expect(box).toHaveProperty('value', '');
    expect(value.textContent).toBe('3');
    await user.type(box, '0');
    expect(value.textContent).toBe('0');
    // '05' is 5: the value moves, and the box shows it.
    await user.type(box, '5');
    expect(value.textContent).toBe('5');
    expect(box).toHaveProperty('value', '5');

    await user.clear(box);
    await user.tab();
    expect(box).toHaveProperty('value', '5');

    await user.click(screen.getByRole('button', { name: 'Increase Quantity' }));
    expect(box).toHaveProperty('value', '6');
    await user.click(screen.getByRole('button', { name: 'Uncheck' }));
    expect(box).toHaveProperty('value', '0');
  });

  it('keeps a number below the minimum as typed, and reverts it on blur; letters are refused', async () => {
    const { user } = renderWithProviders(<Stepper start={4} min={2} />);
    const box = screen.getByRole('textbox', { name: 'Quantity' });
    await user.clear(box);
    await user.type(box, '1x');
    expect(box).toHaveProperty('value', '1');
    expect(screen.getByRole('status', { name: 'Value' }).textContent).toBe('4');
    await user.tab();
    expect(box).toHaveProperty('value', '4');
  });
});

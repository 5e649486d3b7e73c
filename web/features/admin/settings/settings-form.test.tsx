import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminSettings } from '../../../../domain/admin/settings.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { SettingsForm } from './settings-form.tsx';

const SETTINGS: AdminSettings = {
  show_prices: true,
  minimum_purchase: 5000,
  free_shipping_ontario: 10000,
  free_shipping_other: 15000,
  custom_order_minimum: 200,
  authorization_hold_hours: 24,
  search_enabled: true,
  store_name: 'Maple Sock Co.',
  store_address: '100 King St W\nToronto ON M5X 1A9',
  store_email: 'hello@maplesock.ca',
  store_phone: '+1 416-555-0100',
  social_url: '',
  store_province: 'ON',
  store_time_zone: 'America/Toronto',
  seller_company_name: 'Maple Sock Co. Inc.',
  gst_hst_number: '123456789 RT0001',
};

describe('SettingsForm', () => {
  it('moves the time zone with the province, unless the owner chose another one', async () => {
    const { user } = renderWithProviders(<SettingsForm settings={SETTINGS} />);
    const province = screen.getByRole('combobox', { name: 'Province' });
    const zone = screen.getByRole('combobox', { name: 'Time zone' }) as HTMLInputElement;
    expect(zone.value).toBe('Eastern (Toronto)');
    await user.click(province);
    await user.click(await screen.findByRole('option', { name: 'British Columbia' }));
    expect(zone.value).toBe('Pacific (Vancouver)');
    await user.click(zone);
    await user.click(
      await screen.findByRole('option', { name: 'Yukon, no daylight saving time (Whitehorse)' }),
    );
    await user.click(province);
    await user.click(await screen.findByRole('option', { name: 'Alberta' }));
    expect(zone.value).toBe('Yukon, no daylight saving time (Whitehorse)');
  });

  it('names the card holds setting in its messages as its label does', async () => {
    const { user } = renderWithProviders(<SettingsForm settings={SETTINGS} />);
    const hours = screen.getByRole('textbox', { name: 'Release unplaced card holds after (hours)' });
    await user.clear(hours);
    await user.type(hours, '145');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    const message = await screen.findByText(
      'Release unplaced card holds after (hours) cannot be more than 144.',
    );
    expect(hours.getAttribute('aria-describedby')).toContain(message.id);
    await user.clear(hours);
    await user.type(hours, '0');
    expect(
      await screen.findByText('Release unplaced card holds after (hours) must be at least 1.'),
    ).toBeTruthy();
  });
});

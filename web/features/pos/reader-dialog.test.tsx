import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { POS_MESSAGES } from '../../../domain/pos/messages.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { fakeReaderServerForEachTest, READER_ID } from './fake-reader-server.ts';
import { ReaderDialog } from './reader-dialog.tsx';

describe('ReaderDialog (spec §2 Card reader dialog)', () => {
  fakeReaderServerForEachTest({ fakeTime: false });

  it('starts at the reader in use each time it opens; OK returns the one chosen', async () => {
    const onSelect = vi.fn();
    const onClose = vi.fn();
    const dialog = (opened: boolean) => (
      <ReaderDialog opened={opened} currentId={READER_ID} onSelect={onSelect} onClose={onClose} />
    );
    const { user, rerender } = renderWithProviders(dialog(true));
    await screen.findByRole('dialog', { name: POS_MESSAGES.readerDialogTitle });
    expect(await screen.findByRole('radio', { name: /Front Counter/ })).toHaveProperty('checked', true);

    // A choice left with Cancel is forgotten.
    await user.click(screen.getByRole('radio', { name: /Pop-up Stand/ }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    rerender(dialog(false));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    rerender(dialog(true));
    expect(await screen.findByRole('radio', { name: /Front Counter/ })).toHaveProperty('checked', true);

    await user.click(screen.getByRole('radio', { name: /Pop-up Stand/ }));
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(onSelect).toHaveBeenCalledWith('tmr_stand');
  });
});

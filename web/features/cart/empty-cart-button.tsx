import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEmptyCart } from '../../lib/cart.ts';
import { errorMessage } from '../../lib/errors.ts';
import { notifyError } from '../../lib/notify.ts';

/**
 * Empties the cart or wish list after a confirmation (spec §4 Cart: the cached cart is emptied at
 * once, then the server is told). One slip of the mouse must not throw a whole cart away.
 */
export function EmptyCartButton({ wishMode, disabled }: { wishMode: boolean; disabled: boolean }) {
  const [opened, dialog] = useDisclosure(false);
  const emptyCart = useEmptyCart();
  const label = wishMode ? 'Empty Wish List' : 'Empty Cart';

  const confirm = () => {
    dialog.close();
    emptyCart.mutate(undefined, {
      onError: (error) =>
        notifyError(errorMessage(error), `The ${wishMode ? 'wish list' : 'cart'} was not emptied`),
    });
  };

  return (
    <>
      <Button variant="subtle" color="gray" size="compact-sm" onClick={dialog.open} disabled={disabled}>
        {label}
      </Button>
      <Modal opened={opened} onClose={dialog.close} title={`${label}?`} centered>
        <Stack gap="lg">
          <Text>
            Every item will be taken out of your {wishMode ? 'wish list' : 'cart'}. This cannot be undone.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={dialog.close}>
              Keep the Items
            </Button>
            <Button color="red" onClick={confirm}>
              {label}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

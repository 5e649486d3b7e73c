import { Alert, Button, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { formatMoney } from '../../../domain/money.ts';
import { useConfig } from '../../lib/config.ts';
import type { NextAction } from './card-form.ts';
import { answerSandboxChallenge } from './checkout.api.ts';

interface SandboxChallengeProps {
  action: NextAction;
  /** The cardholder answered (or closed the window, which fails it, as on Stripe's). */
  onAnswered: () => void;
}

/**
 * The sandbox's 3-D Secure page: where Stripe.js shows the bank's window, the sandbox asks the
 * same question with the two answers of Stripe's own test page.
 */
export function SandboxChallenge({ action, onAnswered }: SandboxChallengeProps) {
  const { config } = useConfig();
  const [answering, setAnswering] = useState<'complete' | 'fail'>();

  const answer = async (outcome: 'complete' | 'fail') => {
    if (answering) return;
    setAnswering(outcome);
    try {
      await answerSandboxChallenge(action.paymentIntentId, outcome);
    } catch {
      // The payment step asks the server for the outcome next and shows its message.
    } finally {
      onAnswered();
    }
  };

  return (
    <Modal
      opened
      onClose={() => void answer('fail')}
      title="Confirm your payment"
      centered
      closeButtonProps={{ 'aria-label': 'Close and cancel the authentication' }}
    >
      <Stack gap="md">
        <Alert color="yellow" variant="light" title="TEST MODE">
          This is the sandbox's 3-D Secure test page. With a real card, your bank shows its own.
        </Alert>
        <Text fw={700}>
          {config.storeName}
          {action.amount === null ? '' : `: ${formatMoney(action.amount)}`}
        </Text>
        <Text>Your bank asks you to confirm this payment.</Text>
        <Stack gap="xs">
          <Button
            fullWidth
            onClick={() => void answer('complete')}
            loading={answering === 'complete'}
            disabled={Boolean(answering)}
          >
            Complete authentication
          </Button>
          <Button
            fullWidth
            variant="outline"
            color="red"
            onClick={() => void answer('fail')}
            loading={answering === 'fail'}
            disabled={Boolean(answering)}
          >
            Fail authentication
          </Button>
        </Stack>
      </Stack>
    </Modal>
  );
}

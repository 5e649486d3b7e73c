import { ActionIcon, Group, TextInput } from '@mantine/core';
import { useState } from 'react';
import classes from './pos.module.css';
import { digitsOnly, isAcceptedKey, stepDown, stepUp, valueOnBlur } from './table-rules.ts';

interface QuantityStepperProps {
  label: string;
  value: number;
  min: number;
  max: number;
  disabled?: boolean;
  onChange: (value: number) => void;
}

/**
 * The quantity stepper (spec §2): minus never goes below the minimum, plus does nothing when
 * disabled, only digit keys are accepted, and on blur a value below the minimum reverts.
 */
export function QuantityStepper({
  label,
  value,
  min,
  max,
  disabled = false,
  onChange,
}: QuantityStepperProps) {
  // The text as typed, kept while the value stays what it was (an empty box, a number below the
  // minimum, '05' for 5); once the value moves (typed, stepped or set from outside), it shows.
  const [draft, setDraft] = useState<{ text: string; value: number }>();
  const text = draft && draft.value === value ? draft.text : String(value);

  const commit = (next: number) => {
    const clamped = Math.min(max, next);
    setDraft(undefined);
    if (clamped !== value) onChange(clamped);
  };

  return (
    <Group gap={4} wrap="nowrap" className={classes.stepper}>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={`Decrease ${label}`}
        disabled={disabled || value <= min}
        onClick={() => commit(stepDown(value, min))}
      >
        −
      </ActionIcon>
      <TextInput
        aria-label={label}
        inputMode="numeric"
        value={text}
        disabled={disabled}
        classNames={{ input: classes.stepperInput }}
        maxLength={String(max).length}
        onKeyDown={(event) => {
          if (!event.ctrlKey && !event.metaKey && !isAcceptedKey(event.key)) event.preventDefault();
        }}
        onChange={(event) => {
          const digits = digitsOnly(event.currentTarget.value);
          setDraft({ text: digits, value });
          if (digits !== '' && Number(digits) >= min) onChange(Math.min(max, Number(digits)));
        }}
        onBlur={() => commit(valueOnBlur(text, value, min))}
        style={{ flex: 1 }}
      />
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={`Increase ${label}`}
        disabled={disabled || value >= max}
        onClick={() => commit(stepUp(value, disabled, max))}
      >
        +
      </ActionIcon>
    </Group>
  );
}

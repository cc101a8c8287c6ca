import { TextInput, type TextInputProps } from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';
import { type ChangeEvent, forwardRef, useRef } from 'react';
import {
  applyMask,
  caretAfter,
  MASK_INPUT_MODE,
  MASK_PLACEHOLDER,
  type MaskKind,
  significantBefore,
} from './input-masks';

export type MaskedInputProps = Omit<TextInputProps, 'value' | 'onChange' | 'defaultValue'> & {
  /** The text as shown (masked); a form keeps it as typed and checks it with the contract's schema. */
  value?: string | null;
  onChange?: (value: string) => void;
  /** Integers and decimals: accept a leading minus. */
  signed?: boolean;
};

/**
 * A text field that reshapes what is typed with one of the portal's masks (input-masks.ts) and keeps the caret where
 * the person was typing. The value is the masked text: a date field gives "2026/05/06" (or "2026/13/45", which the
 * form's schema then refuses — nothing is emptied behind the person's back), a number field "1,234.50"
 * (`unmaskNumber` gives the decimal string to send).
 */
function makeMaskedInput(kind: MaskKind, displayName: string) {
  const Component = forwardRef<HTMLInputElement, MaskedInputProps>(function Masked(
    { value, onChange, signed = false, ...rest },
    ref,
  ) {
    const own = useRef<HTMLInputElement>(null);
    const merged = useMergedRef(ref, own);
    const handle = (event: ChangeEvent<HTMLInputElement>) => {
      const input = event.currentTarget;
      const typed = input.value;
      const caret = input.selectionStart ?? typed.length;
      const masked = applyMask(kind, typed, signed);
      const position = caretAfter(masked, significantBefore(typed, caret));
      onChange?.(masked);
      requestAnimationFrame(() => {
        if (document.activeElement === own.current) own.current?.setSelectionRange(position, position);
      });
    };
    return (
      <TextInput
        ref={merged}
        inputMode={MASK_INPUT_MODE[kind]}
        placeholder={MASK_PLACEHOLDER[kind]}
        autoComplete="off"
        {...rest}
        value={value ?? ''}
        onChange={handle}
        styles={kind === 'date' ? undefined : { input: { textAlign: 'right' } }}
      />
    );
  });
  Component.displayName = displayName;
  return Component;
}

/** YYYY/MM/DD. */
export const DateMaskInput = makeMaskedInput('date', 'DateMaskInput');
/** An integer with thousands separators. */
export const IntegerMaskInput = makeMaskedInput('integer', 'IntegerMaskInput');
/** A decimal of up to 9 places (rates, units, prices). */
export const DecimalMaskInput = makeMaskedInput('decimal', 'DecimalMaskInput');
/** An amount: 2 decimal places, thousands separators. */
export const AmountMaskInput = makeMaskedInput('amount', 'AmountMaskInput');

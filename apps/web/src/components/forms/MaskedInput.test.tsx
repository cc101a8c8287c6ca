import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import {
  AmountMaskInput,
  DateMaskInput,
  DecimalMaskInput,
  IntegerMaskInput,
  type MaskedInputProps,
} from './MaskedInput';

function Field({
  Input,
  start = '',
}: {
  Input: (props: MaskedInputProps) => React.ReactNode;
  start?: string;
}) {
  const [value, setValue] = useState(start);
  return (
    <MantineProvider>
      <Input label="Field" value={value} onChange={setValue} />
      <output data-testid="value">{value}</output>
    </MantineProvider>
  );
}

const type = (text: string) => fireEvent.change(screen.getByLabelText('Field'), { target: { value: text } });

describe('masked inputs', () => {
  it('date: shows YYYY/MM/DD as typed and keeps an impossible date for the schema to refuse', () => {
    render(<Field Input={DateMaskInput} />);
    const input = screen.getByLabelText('Field');
    expect(input).toHaveAttribute('placeholder', 'YYYY/MM/DD');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    type('20261345');
    expect(input).toHaveValue('2026/13/45');
    fireEvent.blur(input);
    expect(input).toHaveValue('2026/13/45');
    expect(screen.getByTestId('value')).toHaveTextContent('2026/13/45');
  });

  it('integer: thousands separators', () => {
    render(<Field Input={IntegerMaskInput} />);
    type('1234567');
    expect(screen.getByLabelText('Field')).toHaveValue('1,234,567');
  });

  it('decimal: up to 9 places', () => {
    render(<Field Input={DecimalMaskInput} />);
    type('1234.1234567891');
    expect(screen.getByLabelText('Field')).toHaveValue('1,234.123456789');
    expect(screen.getByLabelText('Field')).toHaveAttribute('inputmode', 'decimal');
  });

  it('amount: 2 places', () => {
    render(<Field Input={AmountMaskInput} />);
    type('35273.499');
    expect(screen.getByLabelText('Field')).toHaveValue('35,273.49');
  });
});

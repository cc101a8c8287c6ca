import { MantineProvider, type MultiSelectProps, type SelectProps } from '@mantine/core';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { type ComponentType, type ReactNode, useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadCatalogs } from '../../lib/i18n';
import { BusinessDatePicker } from '../forms/BusinessDatePicker';
import type { BusinessDateInputProps } from '../forms/business-date';
import { DateStandIn, MultiSelectStandIn, SelectStandIn } from '../forms/field-stand-ins';
import { MultiSelect, Select } from '../forms/mantine-selects';
import { lazyWidget, type StandInProps } from './lazyWidget';

/** A widget whose real component arrives only when the test says so (`arrive`), and how often it was asked for. */
function controlledWidget<P extends object>(
  Real: ComponentType<P>,
  StandIn: Parameters<typeof lazyWidget<P>>[1],
) {
  let arrive: () => void = () => undefined;
  const load = vi.fn(
    () =>
      new Promise<ComponentType<P>>((resolve) => {
        arrive = () => resolve(Real);
      }),
  );
  const Widget = lazyWidget<P>(load, StandIn);
  return { Widget, load, arrive: async () => act(async () => arrive()) };
}

// The date field's clear button is named from the lists catalog, which the list screens load.
beforeAll(() => loadCatalogs('en', ['lists']));
afterEach(() => vi.useRealTimers());

const wrap = (node: ReactNode) => render(<MantineProvider>{node}</MantineProvider>);

const STAGES = [
  { value: '1', label: 'Stage 1' },
  { value: '3', label: 'Stage 3' },
];

describe('lazyWidget with the date field', () => {
  function DateForm({
    Widget,
    onValue,
  }: {
    Widget: ComponentType<BusinessDateInputProps>;
    onValue: (v: unknown) => void;
  }) {
    const [value, setValue] = useState<string | null>(null);
    return (
      <Widget
        label="Received from"
        description="Day the application arrived"
        value={value}
        onChange={(next) => {
          setValue(next as string | null);
          onValue(next);
        }}
      />
    );
  }

  it('stands in with the same label and description, then hands focus and the typed text to the picker', async () => {
    const { Widget, load, arrive } = controlledWidget<BusinessDateInputProps>(
      BusinessDatePicker,
      DateStandIn,
    );
    const onValue = vi.fn();
    wrap(<DateForm Widget={Widget} onValue={onValue} />);

    const standIn = screen.getByRole('textbox', { name: 'Received from' });
    expect(standIn).toHaveAccessibleDescription('Day the application arrived');
    expect(standIn).toHaveAttribute('placeholder', 'YYYY/MM/DD');
    expect(standIn).not.toHaveAttribute('data-dates-input');
    expect(standIn.tabIndex).toBe(0);

    // Reached from the keyboard before the calendar's code has arrived: the focus asks for it at once.
    act(() => standIn.focus());
    expect(load).toHaveBeenCalled();
    fireEvent.change(standIn, { target: { value: '2026/0' } });
    expect(onValue).not.toHaveBeenCalled(); // not a date yet

    await arrive();
    const real = await screen.findByRole('textbox', { name: 'Received from' });
    await waitFor(() => expect(real).toHaveAttribute('data-dates-input'));
    expect(real).not.toBe(standIn);
    expect(real).toHaveFocus();
    expect(real).toHaveValue('2026/0');
    expect(real).toHaveAccessibleDescription('Day the application arrived');

    // Typing goes on in the real picker, which reads the finished date the same way.
    fireEvent.change(real, { target: { value: '2026/03/05' } });
    await waitFor(() => expect(onValue).toHaveBeenLastCalledWith('2026-03-05'));
  });

  it('reads a typed date in the stand-in as the picker does, and shows a value from outside as YYYY/MM/DD', () => {
    const { Widget } = controlledWidget<BusinessDateInputProps>(BusinessDatePicker, DateStandIn);
    const onChange = vi.fn();
    const { rerender } = wrap(<Widget label="To" value={null} onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: 'To' });
    fireEvent.change(input, { target: { value: '2026/02/30' } });
    expect(onChange).not.toHaveBeenCalled(); // no such day
    fireEvent.change(input, { target: { value: '2026/02/28' } });
    expect(onChange).toHaveBeenLastCalledWith('2026-02-28');
    rerender(
      <MantineProvider>
        <Widget label="To" value="2025-12-01" onChange={onChange} />
      </MantineProvider>,
    );
    expect(screen.getByRole('textbox', { name: 'To' })).toHaveValue('2025/12/01');
    fireEvent.click(screen.getByRole('button', { name: 'Clear date' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('loads nothing until the pointer reaches the field, then the real widget without taking focus', async () => {
    vi.useFakeTimers();
    const load = vi.fn(async () => BusinessDatePicker);
    const Widget = lazyWidget<BusinessDateInputProps>(load, DateStandIn);
    wrap(<Widget label="Received to" value="2026-01-02" onChange={() => undefined} />);
    // A first visit downloads what the screen draws, not every widget it might use: whatever timers the first
    // render set, run to the end on a fake clock, load nothing.
    await vi.runAllTimersAsync();
    vi.useRealTimers();
    expect(load).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'Received to' })).not.toHaveAttribute('data-dates-input');
    fireEvent.pointerEnter(screen.getByRole('textbox', { name: 'Received to' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Received to' })).toHaveAttribute('data-dates-input'),
    );
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('textbox', { name: 'Received to' })).toHaveValue('2026/01/02');
    expect(document.body).toHaveFocus();
  });

  it('a select stand-in starts the download when the pointer reaches it', async () => {
    const { Widget, load, arrive } = controlledWidget<SelectProps>(
      (props) => <Select {...props} data-real="yes" />,
      SelectStandIn,
    );
    wrap(<Widget label="Stage" data={STAGES} value={null} onChange={() => undefined} />);
    expect(load).not.toHaveBeenCalled();
    fireEvent.pointerEnter(screen.getByRole('combobox', { name: 'Stage' }));
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('combobox', { name: 'Stage' })).not.toHaveAttribute('data-real');
    await arrive();
    expect(screen.getByRole('combobox', { name: 'Stage' })).toHaveAttribute('data-real', 'yes');
  });
});

/** The attributes a screen reader and the layout see on a select's input. */
function shape(element: HTMLElement) {
  return {
    role: element.getAttribute('role'),
    haspopup: element.getAttribute('aria-haspopup'),
    expanded: element.getAttribute('aria-expanded'),
    readOnly: (element as HTMLInputElement).readOnly,
    disabled: (element as HTMLInputElement).disabled,
    value: (element as HTMLInputElement).value,
    description: element.getAttribute('aria-describedby') ? 'yes' : 'no',
  };
}

describe('lazyWidget with the selects', () => {
  it('a Select stand-in has the real one’s name, role and state; focus carries over and the keyboard opens it', async () => {
    const props = {
      label: 'Site',
      description: 'Where the revenue was booked',
      placeholder: 'All sites',
      data: STAGES,
      value: '3',
      clearable: true,
      onChange: () => undefined,
    } satisfies SelectProps;
    wrap(<Select {...props} />);
    const expected = shape(screen.getByRole('combobox', { name: 'Site' }));
    document.body.innerHTML = '';

    const { Widget, arrive } = controlledWidget<SelectProps>(Select, SelectStandIn);
    wrap(<Widget {...props} />);
    const standIn = screen.getByRole('combobox', { name: 'Site' });
    expect(shape(standIn)).toEqual(expected);
    expect(standIn).toHaveValue('Stage 3');

    act(() => standIn.focus());
    await arrive();
    const real = screen.getByRole('combobox', { name: 'Site' });
    expect(real).not.toBe(standIn);
    expect(real).toHaveFocus();
    fireEvent.keyDown(real, { key: 'ArrowDown' });
    expect(await screen.findByRole('option', { name: 'Stage 1', hidden: true })).toBeInTheDocument();
  });

  it('a searchable Select gets the text typed into its stand-in as its search', async () => {
    const { Widget, arrive } = controlledWidget<SelectProps>(Select, SelectStandIn);
    wrap(<Widget label="Service company" searchable data={STAGES} value={null} onChange={() => undefined} />);
    const standIn = screen.getByRole('combobox', { name: 'Service company' });
    expect(standIn).not.toHaveAttribute('readonly');
    act(() => standIn.focus());
    fireEvent.change(standIn, { target: { value: 'Stage 3' } });

    await arrive();
    const real = screen.getByRole('combobox', { name: 'Service company' });
    await waitFor(() => expect(real).toHaveValue('Stage 3'));
    expect(real).toHaveFocus();
    expect(await screen.findByRole('option', { name: 'Stage 3', hidden: true })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Stage 1', hidden: true })).not.toBeInTheDocument();
  });

  it('a MultiSelect stand-in shows the chosen values as pills and has the real one’s name and role', async () => {
    const onChange = vi.fn();
    const props = {
      label: 'Stages',
      data: STAGES,
      value: ['1'],
      clearable: true,
      onChange,
    } satisfies MultiSelectProps;
    wrap(<MultiSelect {...props} />);
    const expected = shape(screen.getByRole('combobox', { name: 'Stages' }));
    document.body.innerHTML = '';

    const { Widget, load, arrive } = controlledWidget<MultiSelectProps>(MultiSelect, MultiSelectStandIn);
    wrap(<Widget {...props} />);
    const standIn = screen.getByRole('combobox', { name: 'Stages' });
    expect(shape(standIn)).toEqual(expected);
    expect(screen.getByText('Stage 1')).toBeInTheDocument();

    // A click asks for the real widget and for its dropdown to open when it arrives.
    fireEvent.click(standIn);
    expect(load).toHaveBeenCalled();
    await arrive();
    expect(await screen.findByRole('option', { name: 'Stage 3', hidden: true })).toBeInTheDocument();
  });
});

describe('lazyWidget under a press', () => {
  type ButtonProps = { onOpen: () => void };
  function RealButton({ onOpen, ...handOver }: ButtonProps) {
    return (
      <button type="button" {...handOver} data-real="yes" onClick={onOpen}>
        Open team tree
      </button>
    );
  }
  function StandInButton({ onOpen, handOverProps, onWanted }: StandInProps<ButtonProps>) {
    return (
      <button type="button" {...handOverProps} onPointerEnter={() => onWanted()} onClick={onOpen}>
        Open team tree
      </button>
    );
  }

  it('keeps the stand-in until the pointer is released when the real widget arrives mid-press, so the click lands', async () => {
    const { Widget, load, arrive } = controlledWidget<ButtonProps>(RealButton, StandInButton);
    const onOpen = vi.fn();
    wrap(<Widget onOpen={onOpen} />);
    const standIn = screen.getByRole('button', { name: 'Open team tree' });
    fireEvent.pointerEnter(standIn);
    expect(load).toHaveBeenCalled();

    fireEvent.pointerDown(standIn);
    await arrive(); // the download the hover started ends between the press and the release
    expect(screen.getByRole('button', { name: 'Open team tree' })).toBe(standIn);

    fireEvent.pointerUp(standIn);
    fireEvent.click(standIn);
    expect(onOpen).toHaveBeenCalledTimes(1);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Open team tree' })).toHaveAttribute('data-real', 'yes'),
    );
  });

  it('swaps at once when the press is elsewhere on the page', async () => {
    const { Widget, arrive } = controlledWidget<ButtonProps>(RealButton, StandInButton);
    wrap(
      <>
        <p>Elsewhere</p>
        <Widget onOpen={() => undefined} />
      </>,
    );
    fireEvent.pointerEnter(screen.getByRole('button', { name: 'Open team tree' }));
    fireEvent.pointerDown(screen.getByText('Elsewhere'));
    await arrive();
    expect(screen.getByRole('button', { name: 'Open team tree' })).toHaveAttribute('data-real', 'yes');
    fireEvent.pointerUp(screen.getByText('Elsewhere'));
  });
});

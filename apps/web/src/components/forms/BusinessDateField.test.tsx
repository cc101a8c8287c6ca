import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import { createQueryClient } from '../../app/query-client';
import { mockApi } from '../../test/render-app';
import { BusinessDateField } from './BusinessDateField';

const slow = { timeout: 8000 };

function Field({ start, error }: { start: string | null; error?: string }) {
  const [value, setValue] = useState<string | null>(start);
  return (
    <AppProviders queryClient={createQueryClient({ retry: false })}>
      <MemoryRouter>
        <BusinessDateField label="Date from" value={value} onChange={setValue} error={error} />
        <output data-testid="value">{value}</output>
      </MemoryRouter>
    </AppProviders>
  );
}

describe('business date field', () => {
  it('shows an ISO date masked, and a date picked in the calendar as YYYY/MM/DD', async () => {
    mockApi({});
    const year = new Date().getFullYear();
    render(<Field start={`${year}-03-14`} />);
    const input = await screen.findByRole('textbox', { name: 'Date from' }, slow);
    expect(input).toHaveValue(`${year}/03/14`);
    const button = () => screen.getByRole('button', { name: 'Open the calendar for Date from' });
    expect(button()).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(button());
    // The calendar's code arrives, and it opens: Mantine's popover is a dialog named by the button that opened it
    // (jsdom runs no transition: `hidden`).
    const calendar = await screen.findByRole(
      'dialog',
      { name: 'Open the calendar for Date from', hidden: true },
      slow,
    );
    await waitFor(() => expect(button()).toHaveAttribute('aria-expanded', 'true'));
    // It opens on the field's month; the 20th of it is picked.
    const day = await within(calendar).findByRole(
      'button',
      { name: new RegExp(`^20 March ${year}$`), hidden: true },
      slow,
    );
    fireEvent.click(day);
    await waitFor(() => expect(input).toHaveValue(`${year}/03/20`));
    expect(screen.getByTestId('value')).toHaveTextContent(`${year}/03/20`);
    await waitFor(() => expect(button()).toHaveAttribute('aria-expanded', 'false'));
  });

  it('links its error to the input', async () => {
    mockApi({});
    render(<Field start="2026/13/45" error="Enter a date as YYYY/MM/DD." />);
    const input = await screen.findByRole('textbox', { name: 'Date from' }, slow);
    expect(input).toHaveValue('2026/13/45');
    expect(input).toHaveAccessibleDescription('Enter a date as YYYY/MM/DD.');
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });
});

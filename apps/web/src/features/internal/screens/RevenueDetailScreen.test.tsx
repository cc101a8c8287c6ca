import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type ApiHandler, jsonResponse, renderApp } from '../../../test/render-app';
import { internalSite, revenueDetail, revenueStaffMe } from '../test/revenue-fixtures';

const currentLocation = () => screen.getByTestId('location').textContent;

function openRevenue(path: string, handlers: Record<string, ApiHandler>) {
  return renderApp(path, { me: revenueStaffMe, site: internalSite, handlers });
}

/** The value shown for a header fact, by its label; null when the fact is not shown. */
function fact(label: string): string | null {
  const facts = screen.getByRole('region', { name: 'Revenue facts' });
  const term = within(facts)
    .queryAllByText(label)
    .find((element) => element.tagName === 'DT');
  return term?.nextElementSibling?.textContent ?? null;
}

describe('revenue detail header', () => {
  it('shows the facts of a type R revenue, with its amount label and formats, as links to the tabs', async () => {
    openRevenue('/internal/revenues/5', { '/internal/revenues/5': () => revenueDetail() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Revenue RV000001' })).toBeInTheDocument();
    await waitFor(() => expect(currentLocation()).toBe('/internal/revenues/5/summary'));
    expect(fact('Commission type')).toBe('R (Premium)');
    expect(fact('Premium Amount')).toBe('100,000.00');
    expect(fact('AUM Amount')).toBeNull();
    expect(fact('Total pay-in amount')).toBe('12,345.60');
    expect(fact('Provider exchange rate')).toBe('7.8000');
    expect(fact('Gross profit %')).toBe('51.40%');
    expect(fact('Pay-in effective date')).toBe('2025/03/01');
    expect(fact('Revenue start month')).toBe('2025/03');
    expect(fact('Policy')).toBe('PL-9001 (USD)');
    expect(fact('Clients')).toBe('Chan Tai Man, Wong Siu Ming');
    expect(fact('Orphan case')).toBe('No');
    expect(fact('Floating contribution')).toBe('No');
    // Type C and split-case facts are left out of other revenues.
    expect(fact('Lapse / surrender date')).toBeNull();
    expect(fact('Split case (join_seq_no)')).toBeNull();

    const tabs = screen.getByRole('navigation', { name: 'Revenue sections' });
    expect(within(tabs).getByRole('link', { name: 'Summary' })).toHaveAttribute('aria-current', 'page');
    expect(within(tabs).getByRole('link', { name: 'Pay-in' })).toHaveAttribute(
      'href',
      '/internal/revenues/5/payin',
    );
    expect(within(tabs).getByRole('link', { name: 'Pay-out' })).not.toHaveAttribute('aria-current');
  });

  it('keeps focus on a tab link when it is followed: the screen and its heading stay', async () => {
    openRevenue('/internal/revenues/5/summary', { '/internal/revenues/5': () => revenueDetail() });
    const tabs = await screen.findByRole('navigation', { name: 'Revenue sections' });
    const payin = within(tabs).getByRole('link', { name: 'Pay-in' });
    payin.focus();
    fireEvent.click(payin);
    await waitFor(() => expect(currentLocation()).toBe('/internal/revenues/5/payin'));
    expect(await screen.findByRole('navigation', { name: 'Pay-in instalments' })).toBeInTheDocument();
    expect(payin).toHaveAttribute('aria-current', 'page');
    expect(payin).toHaveFocus();
  });

  it('labels A and T amounts AUM Amount, other codes Contribution Amount; C shows its lapse date', async () => {
    const { unmount } = openRevenue('/internal/revenues/5/summary', {
      '/internal/revenues/5': () => revenueDetail({ commissionType: 'T' }),
    });
    await screen.findByRole('region', { name: 'Revenue facts' });
    expect(fact('AUM Amount')).toBe('100,000.00');
    expect(fact('Commission type')).toBe('T (Trail)');
    unmount();

    openRevenue('/internal/revenues/5/summary', {
      '/internal/revenues/5': () =>
        revenueDetail({
          commissionType: 'C',
          lapseSurrenderOn: '2025-08-31',
          join_seq_no: 9001,
          isOrphanCase: true,
          isContributionAmountFloat: true,
        }),
    });
    await screen.findByRole('region', { name: 'Revenue facts' });
    expect(fact('Contribution Amount')).toBe('100,000.00');
    expect(fact('Premium Amount')).toBeNull();
    expect(fact('Lapse / surrender date')).toBe('2025/08/31');
    expect(fact('Split case (join_seq_no)')).toBe('9001');
    expect(fact('Orphan case')).toBe('Yes');
    expect(fact('Floating contribution')).toBe('Yes');
  });

  it('offers Edit and Delete only when the revenue is flagged for them', async () => {
    const { unmount } = openRevenue('/internal/revenues/5/summary', {
      '/internal/revenues/5': () => revenueDetail({ editable: true, deletable: false }),
    });
    expect(await screen.findByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    unmount();

    const second = openRevenue('/internal/revenues/5/summary', {
      '/internal/revenues/5': () => revenueDetail({ editable: false, deletable: true }),
    });
    expect(await screen.findByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    second.unmount();

    openRevenue('/internal/revenues/5/summary', {
      '/internal/revenues/5': () => revenueDetail({ editable: false, deletable: false }),
    });
    await screen.findByRole('region', { name: 'Revenue facts' });
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });
});

describe('revenue load failure', () => {
  it('says "Oops" and then the server error for a real failure', async () => {
    openRevenue('/internal/revenues/5/payin', {
      '/internal/revenues/5': () => jsonResponse({ error: 'The database is busy' }, 503),
    });
    expect(
      await screen.findByRole('heading', { name: 'Oops~~Something wrong! Please contact with IT' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Error message: The database is busy');
    expect(screen.queryByRole('navigation', { name: 'Revenue sections' })).toBeNull();
  });

  it('says that no such revenue exists for a 404, with the way back to the index', async () => {
    openRevenue('/internal/revenues/999/summary', {
      '/internal/revenues/999': () => jsonResponse({ error: 'Revenue not found.' }, 404),
    });
    expect(
      await screen.findByRole('heading', { name: 'No revenue with ID 999 exists.' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).not.toHaveTextContent('Oops');
    expect(screen.getByRole('link', { name: 'Back to the revenues' })).toHaveAttribute(
      'href',
      '/internal/revenues',
    );
  });

  it('adds no error message when the server could not be reached', async () => {
    openRevenue('/internal/revenues/5', {
      '/internal/revenues/5': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Oops~~Something wrong! Please contact with IT');
    expect(alert).not.toHaveTextContent('Error message');
  });

  it('does not ask the server about an id that is not a number', async () => {
    const { fetchMock } = openRevenue('/internal/revenues/RV000999', {});
    expect(await screen.findByRole('alert')).toHaveTextContent('No revenue RV000999 exists.');
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/internal/revenues/'))).toBe(false);
  });
});

describe('edit', () => {
  it('checks the values with the contract before sending, then shows the server field errors', async () => {
    const bodies: unknown[] = [];
    openRevenue('/internal/revenues/5/summary', {
      '/internal/revenues/5': () => revenueDetail(),
      'PATCH /internal/revenues/5': ({ body }) => {
        bodies.push(body);
        return jsonResponse({ errors: { bankInOn: ['Bank-in date is not a business day'] } }, 400);
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit revenue RV000001' });
    // A type R revenue has no lapse/surrender date to edit.
    expect(within(dialog).queryByLabelText('Lapse / surrender date')).toBeNull();

    const description = within(dialog).getByLabelText('Description');
    fireEvent.change(description, { target: { value: 'x'.repeat(2001) } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('At most 2000 characters.')).toBeInTheDocument();
    expect(description).toHaveAttribute('aria-invalid', 'true');
    expect(bodies).toEqual([]);

    fireEvent.change(description, { target: { value: 'Second year' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Orphan case' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Bank-in date is not a business day')).toBeInTheDocument();
    // Only what changed goes, with the version the edit started from.
    expect(bodies).toEqual([
      { version: '2025-05-01T02:03:04.000Z', description: 'Second year', isOrphanCase: true },
    ]);
  });

  it('refuses an impossible date and a blank description on their fields, and sends nothing', async () => {
    const bodies: unknown[] = [];
    openRevenue('/internal/revenues/5/summary', {
      '/internal/revenues/5': () => revenueDetail({ bankInOn: '2025-06-30' }),
      'PATCH /internal/revenues/5': ({ body }) => {
        bodies.push(body);
        return revenueDetail();
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit revenue RV000001' });
    const bankIn = within(dialog).getByLabelText('Bank-in date');
    expect(bankIn).toHaveValue('2025/06/30');
    // Typed as digits, shown in the date mask; leaving the field keeps what was typed.
    fireEvent.change(bankIn, { target: { value: '20261345' } });
    fireEvent.blur(bankIn);
    expect(bankIn).toHaveValue('2026/13/45');
    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter a date as YYYY/MM/DD.')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter a description.')).toBeInTheDocument();
    expect(bankIn).toHaveAttribute('aria-invalid', 'true');
    expect(bodies).toEqual([]);

    fireEvent.change(bankIn, { target: { value: '2026/05/06' } });
    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'Second year' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ bankInOn: '2026/05/06', description: 'Second year' });
  });

  it('gives focus back to Edit when the dialog is left with Escape or Cancel', async () => {
    openRevenue('/internal/revenues/5/summary', { '/internal/revenues/5': () => revenueDetail() });
    const edit = await screen.findByRole('button', { name: 'Edit' });
    for (const leave of ['Escape', 'Cancel'] as const) {
      fireEvent.click(edit);
      const dialog = await screen.findByRole('dialog', { name: 'Edit revenue RV000001' });
      if (leave === 'Escape') fireEvent.keyDown(dialog, { key: 'Escape' });
      else fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit revenue RV000001' })).toBeNull());
      await waitFor(() => expect(edit).toHaveFocus());
    }
  });

  it('shows a refusal (409) above the form', async () => {
    openRevenue('/internal/revenues/5/summary', {
      '/internal/revenues/5': () => revenueDetail(),
      'PATCH /internal/revenues/5': () =>
        jsonResponse({ error: 'The revenue was changed by someone else. Reload it and try again.' }, 409),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit revenue RV000001' });
    fireEvent.change(within(dialog).getByLabelText('Sales campaign'), { target: { value: 'Autumn' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The revenue was changed by someone else. Reload it and try again.',
    );
  });

  it('saves, says so and shows the answered document', async () => {
    openRevenue('/internal/revenues/5/summary', {
      '/internal/revenues/5': () => revenueDetail(),
      'PATCH /internal/revenues/5': () =>
        revenueDetail(
          { salesCampaign: 'Autumn', version: '2025-06-01T00:00:00.000Z' },
          { summary: { ...revenueDetail().summary, description: 'Second year' } },
        ),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit revenue RV000001' });
    fireEvent.change(within(dialog).getByLabelText('Sales campaign'), { target: { value: 'Autumn' } });
    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'Second year' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Revenue RV000001 was saved.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit revenue RV000001' })).toBeNull());
    expect(fact('Sales campaign')).toBe('Autumn');
    expect(screen.getByText('Second year')).toBeInTheDocument();
  });

  it('offers the lapse/surrender date on a type C revenue', async () => {
    openRevenue('/internal/revenues/5/summary', {
      '/internal/revenues/5': () => revenueDetail({ commissionType: 'C', lapseSurrenderOn: '2025-08-31' }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit revenue RV000001' });
    expect(within(dialog).getByLabelText('Lapse / surrender date')).toBeInTheDocument();
  });
});

describe('delete', () => {
  it('asks "Are you sure?", then deletes and returns to the revenue index', async () => {
    let deleted = 0;
    openRevenue('/internal/revenues/5/summary', {
      '/internal/revenues/5': () => revenueDetail(),
      'DELETE /internal/revenues/5': () => {
        deleted += 1;
        return new Response(null, { status: 204 });
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete revenue RV000001' });
    expect(within(dialog).getByText('Are you sure?')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete revenue RV000001' })).toBeNull());
    expect(deleted).toBe(0);

    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const again = await screen.findByRole('dialog', { name: 'Delete revenue RV000001' });
    fireEvent.click(within(again).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(currentLocation()).toBe('/internal/revenues'));
    expect(deleted).toBe(1);
  });

  it('shows a refusal in the dialog and stays', async () => {
    openRevenue('/internal/revenues/5/summary', {
      '/internal/revenues/5': () => revenueDetail(),
      'DELETE /internal/revenues/5': () =>
        jsonResponse({ error: 'This revenue can no longer be deleted.' }, 409),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete revenue RV000001' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This revenue can no longer be deleted.',
    );
    expect(currentLocation()).toBe('/internal/revenues/5/summary');
  });
});

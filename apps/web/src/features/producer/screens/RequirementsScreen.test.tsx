import type { RequirementItem } from '@portal/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aProducer, meWith } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { pageOf } from '../test/list-fixtures';

const me = meWith({ currentProducer: aProducer });

const anItem = (over: Partial<RequirementItem> = {}): RequirementItem => ({
  requirementId: 41,
  applicationId: 9,
  clientName: 'Wong Siu Ming',
  policyNo: 'P-1001',
  productName: 'Wealth Builder',
  type: 'PAYMENT_PROOF',
  provider: 'client',
  mandatory: true,
  status: 'rejected',
  dueDate: '2026-11-20',
  daysOverdue: 7,
  statusChangedOn: '2026-11-18',
  consultant: 'Chan Tai Man',
  ...over,
});

describe('requirements', () => {
  it('opens on the view in its address, words every code, and opens a row’s case in New Business', async () => {
    const bodies: Record<string, unknown>[] = [];
    renderApp('/b2b/requirements?view=clientOwes', {
      me,
      handlers: {
        'POST /b2b/requirements': ({ body }) => {
          bodies.push(body as Record<string, unknown>);
          return pageOf([anItem()], 1);
        },
        'POST /b2b/new_business': () => pageOf([], 0),
      },
    });
    const table = await screen.findByRole('table', { name: 'Requirements' });
    const row = within(table).getByRole('row', { name: /Open the case of Proof of payment, Wong Siu Ming/ });
    // Codes in words, never PAYMENT_PROOF, client or rejected.
    expect(within(row).getByText('Proof of payment')).toBeInTheDocument();
    expect(within(row).getByText('Client')).toBeInTheDocument();
    expect(within(row).getByText('Rejected')).toBeInTheDocument();
    expect(within(row).getByText('2026/11/20')).toBeInTheDocument();
    expect(within(row).queryByText('PAYMENT_PROOF')).toBeNull();
    expect(bodies[0]).toMatchObject({ view: 'clientOwes', includedTeam: true, page: 1 });
    expect(screen.getByRole('radio', { name: 'Owed by clients' })).toBeChecked();

    fireEvent.click(within(row).getByText('Wong Siu Ming'));
    expect(await screen.findByRole('heading', { level: 1, name: 'New Business' })).toBeInTheDocument();
  });
});

import type { ProducerHome } from '@portal/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aProducer, meWith } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

const me = meWith({ currentProducer: aProducer });

const home: ProducerHome = {
  today: '2026-11-27',
  weekFrom: '2026-11-23',
  weekTo: '2026-11-29',
  pipeline: [
    {
      stage: 1,
      count: 12,
      countIsLowerBound: false,
      aging: { d0_7: 5, d8_14: 4, d15_30: 2, over30: 1 },
      overdue: 3,
      targetDays: 14,
    },
    {
      stage: 3,
      count: 10_000,
      countIsLowerBound: true,
      aging: { d0_7: 0, d8_14: 0, d15_30: 0, over30: 10_000 },
      overdue: 10_000,
      targetDays: null,
    },
  ],
  overdueBySubPartner: [
    {
      producerId: 7,
      name: 'Chan Tai Man',
      byStage: [
        { stage: 1, overdue: 2 },
        { stage: 3, overdue: 0 },
      ],
    },
  ],
  overdueRequirements: 10_000,
  outstandingFromClients: 6,
  receivedRequirements: 2,
  recentlyReceived: [
    {
      requirementId: 9,
      applicationId: 3,
      type: 'PAYMENT_PROOF',
      clientName: 'Wong Siu Ming',
      receivedAt: '2026-11-26T17:30:00.000Z',
    },
  ],
  coolingOffEndingThisWeek: 1,
  birthdaysThisWeek: 3,
  missingPremiums: 5,
  lowerBounds: ['overdueRequirements'],
  overdueOthers: { producers: 31, byStage: [{ stage: 1, overdue: 1 }] },
};

describe('producer home', () => {
  it('shows the tiles, the pipeline with links to New Business by stage, the heat map and what was received', async () => {
    const { fetchMock } = renderApp('/b2b/home', { me, handlers: { 'GET /b2b/home': () => home } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    expect(await screen.findByText('As of 2026/11/27 (Hong Kong)')).toBeInTheDocument();

    const tile = (name: string) => screen.getByText(name).closest('li') as HTMLElement;
    // A figure counted only up to the list limit says so.
    expect(within(tile('Overdue requirements')).getByText('10,000+')).toBeInTheDocument();
    expect(within(tile('Owed by clients')).getByText('6')).toBeInTheDocument();
    // Missing premiums open Service Records filtered the way the figure counts.
    expect(
      within(tile('Missing premiums')).getByRole('link', {
        name: 'Missing premiums: open the 5 follow-ups in Service Records',
      }),
    ).toHaveAttribute('href', '/b2b/service_records?typeOptions=6');
    expect(
      within(tile('Cooling-off ending')).getByRole('link', {
        name: 'Cooling-off ending this week: open the 1 case in New Business',
      }),
    ).toBeInTheDocument();
    expect(
      within(tile('Client birthdays')).getByText('This week: 2026/11/23 – 2026/11/29'),
    ).toBeInTheDocument();
    // Birthdays open Clients: the plans of the owners born in the home's week.
    expect(
      within(tile('Client birthdays')).getByRole('link', {
        name: 'Birthdays this week: open the plans of the 3 clients in Clients',
      }),
    ).toHaveAttribute('href', '/b2b/clients?birthdayWeekOf=2026-11-23');

    // Each count opens New Business filtered to its stage; a bounded count says so.
    const pipeline = screen.getByRole('table', { name: /Applications in progress by stage/ });
    const stageOne = within(pipeline).getByRole('link', {
      name: 'Stage 1: open the 12 cases in New Business',
    });
    expect(stageOne).toHaveAttribute('href', '/b2b?stage=select&stageOptions=1');
    expect(
      within(pipeline).getByRole('link', { name: /Stage 3: open the 10,000\+ cases/ }),
    ).toHaveTextContent('10,000+');
    expect(within(pipeline).getByText('14 days')).toBeInTheDocument();

    const heatMap = screen.getByRole('table', { name: /by sub-partner and stage/ });
    const row = within(heatMap).getByRole('row', { name: /Chan Tai Man/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['2', '0']);
    // The direct reports beyond the twenty named are one summed row.
    const others = within(heatMap).getByRole('row', { name: /31 other sub-partners/ });
    expect(
      within(others)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1', '0']);

    // Received in Hong Kong on the 27th (17:30 UTC is 01:30 the next day there).
    expect(screen.getByText('Proof of payment from Wong Siu Ming, 2026/11/27')).toBeInTheDocument();

    // The lists' scope: the signed-in producer with their team.
    const call = fetchMock.mock.calls.find(([url]) => String(url).includes('/b2b/home'));
    expect(String(call?.[0])).toContain('includedTeam=true');
  });

  it('says when the home cannot be loaded', async () => {
    renderApp('/b2b/home', {
      me,
      handlers: { 'GET /b2b/home': () => new Response('{"msg":"down"}', { status: 500 }) },
    });
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });
});

describe('producer home on a site without service records', () => {
  it('leaves out the missing-premium figure', async () => {
    renderApp('/b2b/home', {
      me,
      handlers: { 'GET /b2b/home': () => ({ ...home, missingPremiums: null, lowerBounds: [] }) },
    });
    expect(await screen.findByText('Owed by clients')).toBeInTheDocument();
    expect(screen.queryByText('Missing premiums')).not.toBeInTheDocument();
  });
});

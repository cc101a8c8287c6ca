import type { MeResponse, PayoutRecordsResponse, RevenueDetail, RevenueHeader } from '@portal/contract';
import { aStaff, meWith, siteInfo } from '../../../test/fixtures';

/** A staff member allowed the revenue screens (aStaff holds the Revenues row). */
export const revenueStaffMe: MeResponse = meWith({ currentStaff: aStaff });

export const internalSite = siteInfo('afs', {
  feature: { external: 'true', internal: 'true' },
  backOfficeUrl: 'https://backoffice.example',
});

/** RV000001: type R, three payees, editable and deletable; override any part. */
export function revenueDetail(
  header: Partial<RevenueHeader> = {},
  rest: Partial<Omit<RevenueDetail, 'revenue'>> = {},
): RevenueDetail {
  return {
    revenue: {
      revenueId: 5,
      commissionType: 'R',
      receivedCurrency: 'USD',
      providerExchangeRate: '7.80000000',
      serviceCompany: { id: 1, name: 'Angel Financial Services Ltd' },
      totalPayinAmount: '12345.60',
      payinEffectiveDate: '2025-03-01',
      refNo: 'RV000001',
      accountNo: 'AC-778',
      policy: { id: 31, planNo: 'PL-9001', currency: 'USD' },
      premiumDate: '2025-01-15',
      lapseSurrenderOn: null,
      payinMode: 'Monthly',
      totalPayoutAmount: '6000.00',
      payoutEffectiveDate: '2025-04-01',
      join_seq_no: null,
      cutoffOn: '2025-03-01',
      bankInOn: '2025-03-10',
      grossProfit: '6345.60',
      grossProfitPercentage: '51.4023',
      upfrontWrapFee: '0.00',
      contributionAmount: '100000.00',
      isContributionAmountFloat: false,
      combinedContributionAmount: '100000.00',
      originalContributionAmount: '95000.00',
      productRecordType: 'LIFE',
      productId: 77,
      productName: 'Wealth Builder',
      policyItem: { type: 'Basic', commenceOn: '2025-01-15', modalPremium: '1500.00' },
      payMode: 'BANK',
      term: 10,
      clients: [
        { id: 1, name: 'Chan Tai Man' },
        { id: 2, name: 'Wong Siu Ming' },
      ],
      salesCampaign: 'Spring 2025',
      isOrphanCase: false,
      editable: true,
      deletable: true,
      version: '2025-05-01T02:03:04.000Z',
      ...header,
    },
    summary: {
      description: 'First year premium',
      internalRemark: 'Checked by finance',
      totalInstallmentNo: 3,
      payinTotalRate: '0.55000000',
      noOfSettled: 1,
      totalEntitledPayinAmount: '12345.60',
      totalSettledPayinAmount: '4115.20',
      totalOutstandingPayinAmount: '8230.40',
      showBadge: true,
      payouts: [
        { producerId: 11, producerName: 'Alice Partner', totalRate: '0.30000000', payAmount: '3703.68' },
        { producerId: 12, producerName: 'Ben Consultant', totalRate: '0.12345678', payAmount: '1524.15' },
      ],
      payoutTotalRate: '0.42345678',
      totalPayAmount: '5227.83',
      totalSettledAmount: '1000.00',
      totalOutstandingAmount: '4227.83',
    },
    payin: {
      items: [
        {
          installmentNo: 1,
          projectedReceiveOn: '2025-03-01',
          groupPayinRate: '0.20000000',
          totalPayAmount: '4115.20',
          totalSettledAmount: '4115.20',
          totalOutstandingAmount: '0.00',
          fullySettled: true,
          settlementList: [
            {
              refNo: 'ST-0001',
              cutoffOn: '2025-03-31',
              actualReceiveOn: '2025-04-02',
              settledAmount: '4115.20',
            },
          ],
        },
        {
          installmentNo: 2,
          projectedReceiveOn: '2025-06-01',
          groupPayinRate: '0.20000000',
          totalPayAmount: '4115.20',
          totalSettledAmount: '1000.00',
          totalOutstandingAmount: '3115.20',
          fullySettled: false,
          settlementList: [
            {
              refNo: 'ST-0002',
              cutoffOn: '2025-06-30',
              actualReceiveOn: '2025-07-03',
              settledAmount: '1000.00',
            },
          ],
        },
        {
          installmentNo: 3,
          projectedReceiveOn: '2025-09-01',
          groupPayinRate: '0.15000000',
          totalPayAmount: '4115.20',
          totalSettledAmount: '0.00',
          totalOutstandingAmount: '4115.20',
          fullySettled: false,
          settlementList: [],
        },
      ],
      totalPayinPercent: '0.55000000',
      rate: {
        rate: '0.55000000',
        annualBonus: null,
        singleTopup: '0.01000000',
        payTerm: 10,
        renewal: null,
        issueAge: 45,
        trail: null,
        sumInsured: '500000.00',
        effectiveDate: '2025-01-01',
      },
    },
    payout: {
      totalInstallmentNo: 3,
      totalEntitledPayoutAmount: '5227.83',
      totalSettledPayoutAmount: '1000.00',
      totalOutstandingPayoutAmount: '4227.83',
      installmentInfoTitle: 'Instalments: 3, settled: 1',
      overallPayouts: [
        {
          producerId: 11,
          producerName: 'Alice Partner',
          totalRate: '0.30000000',
          payoutRatePopup: {
            rateInfo: [{ label: 'Base rate', rate: '0.2500' }],
            overrideRateInfo: [{ label: 'Partner override', rate: '0.05000000' }],
          },
          payoutEffectiveDate: '2025-04-01',
          settlementInfo: {
            timeline: [{ ref_no: 'PS-0001', bank_in_on: '2025-04-15', settled_amount: '1000.00' }],
            payAmount: '3703.68',
            revenueMonth: '2025-03-01',
          },
        },
      ],
      payModes: ['BANK', 'CHEQUE'],
    },
    ...rest,
  };
}

/** One Particular page: record `page` of `total` with the given pay mode. */
export function payoutRecordsPage(page: number, total: number, payMode = 'BANK'): PayoutRecordsResponse {
  return {
    payoutRecords:
      page < total
        ? [
            {
              recordId: 100 + page,
              producer: { id: 11, name: `Producer ${page + 1}` },
              dueDate: '2025-05-01',
              installmentNo: page + 1,
              payMode,
              payOutAmount: '1234.50',
            },
          ]
        : [],
    payOutAmount: '7407.00',
    totalSize: total,
  };
}

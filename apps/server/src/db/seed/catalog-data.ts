import type { ProductCategory } from '@portal/contract';
import { ENGLISH_CODE_LABELS } from '../../render/domain-texts.js';

/** Fictional providers: insurers, platforms, banks and trustees the demo group distributes for. */
export const PROVIDERS = [
  { code: 'HLA', shortName: 'Harbour Life', name: 'Harbour Life Assurance Limited', kind: 'insurer' },
  { code: 'PPI', shortName: 'Pacific Pearl', name: 'Pacific Pearl Insurance Company', kind: 'insurer' },
  { code: 'GCL', shortName: 'Granite Crown', name: 'Granite Crown Life (International)', kind: 'insurer' },
  { code: 'EVA', shortName: 'Evergreen', name: 'Evergreen Assurance (Bermuda) Ltd', kind: 'insurer' },
  { code: 'NSL', shortName: 'North Star', name: 'North Star Life Insurance', kind: 'insurer' },
  { code: 'LTI', shortName: 'Lantau', name: 'Lantau International Assurance', kind: 'insurer' },
  { code: 'MRG', shortName: 'Meridian', name: 'Meridian General Insurance', kind: 'insurer' },
  { code: 'SAF', shortName: 'Safeguard', name: 'Safeguard General Insurance Co.', kind: 'insurer' },
  { code: 'ISL', shortName: 'Isle Capital', name: 'Isle Capital Life (Isle of Man)', kind: 'insurer' },
  { code: 'RVL', shortName: 'Riverline', name: 'Riverline Life Assurance', kind: 'insurer' },
  { code: 'ORP', shortName: 'Orchid', name: 'Orchid Wealth Platform', kind: 'platform' },
  { code: 'SUM', shortName: 'Summit', name: 'Summit Fund Platform Limited', kind: 'platform' },
  { code: 'BLW', shortName: 'Bluewater', name: 'Bluewater Investment Services', kind: 'platform' },
  { code: 'KWF', shortName: 'Kowloon Funds', name: 'Kowloon Fund Services', kind: 'platform' },
  { code: 'VPB', shortName: 'Victoria PB', name: 'Victoria Private Bank', kind: 'bank' },
  { code: 'ALP', shortName: 'Alpine PB', name: 'Alpine Private Banking SA', kind: 'bank' },
  { code: 'TTR', shortName: 'Tidal Trust', name: 'Tidal Trustees Limited', kind: 'trustee' },
  { code: 'OKT', shortName: 'Oak Trust', name: 'Oak Fiduciary Trust Company', kind: 'trustee' },
  { code: 'CMP', shortName: 'Central MPF', name: 'Central MPF Trustees', kind: 'mpf' },
  { code: 'SMP', shortName: 'Star MPF', name: 'Star Provident Fund Trustees', kind: 'mpf' },
] as const;
export type ProviderCode = (typeof PROVIDERS)[number]['code'];

interface ProductSeed {
  provider: ProviderCode;
  code: string;
  name: string;
  category: ProductCategory;
}

/** Products per category; each category has several so lists and charts have variety. */
export const PRODUCTS: ProductSeed[] = [
  { provider: 'HLA', code: 'HLA-IL1', name: 'Harbour Wealth Builder', category: 'IL' },
  { provider: 'GCL', code: 'GCL-IL1', name: 'Crown Regular Savings Plan', category: 'IL' },
  { provider: 'ISL', code: 'ISL-IL1', name: 'Isle Premier Portfolio Bond', category: 'IL' },
  { provider: 'RVL', code: 'RVL-IL1', name: 'Riverline Executive Investment Bond', category: 'IL' },
  { provider: 'HLA', code: 'HLA-IN1', name: 'Harbour Whole Life Protector', category: 'IN' },
  { provider: 'PPI', code: 'PPI-IN1', name: 'Pearl Critical Illness Guardian', category: 'IN' },
  { provider: 'EVA', code: 'EVA-IN1', name: 'Evergreen Savings Endowment 10', category: 'IN' },
  { provider: 'NSL', code: 'NSL-IN1', name: 'North Star Term Life 20', category: 'IN' },
  { provider: 'LTI', code: 'LTI-IN1', name: 'Lantau Legacy Universal Life', category: 'IN' },
  { provider: 'HLA', code: 'HLA-IR1', name: 'Accidental Death Benefit Rider', category: 'IR' },
  { provider: 'PPI', code: 'PPI-IR1', name: 'Waiver of Premium Rider', category: 'IR' },
  { provider: 'NSL', code: 'NSL-IR1', name: 'Hospital Cash Rider', category: 'IR' },
  { provider: 'ORP', code: 'ORP-FD1', name: 'Orchid Discretionary Portfolio', category: 'FD' },
  { provider: 'SUM', code: 'SUM-FD1', name: 'Summit Global Fund Account', category: 'FD' },
  { provider: 'BLW', code: 'BLW-FD1', name: 'Bluewater Unit Trust Account', category: 'FD' },
  { provider: 'KWF', code: 'KWF-FD1', name: 'Kowloon Income Fund Account', category: 'FD' },
  { provider: 'CMP', code: 'CMP-MPF1', name: 'Central MPF Master Trust', category: 'MPF' },
  { provider: 'SMP', code: 'SMP-MPF1', name: 'Star MPF Scheme', category: 'MPF' },
  { provider: 'MRG', code: 'MRG-GI1', name: 'Meridian Home Contents Cover', category: 'GI' },
  { provider: 'SAF', code: 'SAF-GI1', name: 'Safeguard Motor Comprehensive', category: 'GI' },
  { provider: 'SAF', code: 'SAF-GI2', name: 'Safeguard Travel Annual', category: 'GI' },
  { provider: 'VPB', code: 'VPB-PB1', name: 'Victoria Managed Account', category: 'PB' },
  { provider: 'ALP', code: 'ALP-PB1', name: 'Alpine Advisory Mandate', category: 'PB' },
  { provider: 'TTR', code: 'TTR-TU1', name: 'Tidal Family Trust', category: 'TU' },
  { provider: 'OKT', code: 'OKT-TU1', name: 'Oak Discretionary Trust', category: 'TU' },
];

/** Funds in several currencies; `price` is the price at the first statement month. */
export const FUNDS = [
  { code: 'GLEQ-USD', name: 'Global Equity Fund A', currency: 'USD', assetClass: 'EQUITY', price: 24.5 },
  { code: 'USGR-USD', name: 'US Growth Fund', currency: 'USD', assetClass: 'EQUITY', price: 61.2 },
  { code: 'ASIN-USD', name: 'Asian Income Fund', currency: 'USD', assetClass: 'MIXED_ASSET', price: 12.84 },
  { code: 'GLBD-USD', name: 'Global Bond Fund', currency: 'USD', assetClass: 'BOND', price: 10.31 },
  {
    code: 'USMM-USD',
    name: 'US Dollar Money Market Fund',
    currency: 'USD',
    assetClass: 'MONEY_MARKET',
    price: 1.0,
  },
  { code: 'HKEQ-HKD', name: 'Hong Kong Equity Fund', currency: 'HKD', assetClass: 'EQUITY', price: 38.77 },
  { code: 'HKBD-HKD', name: 'Hong Kong Dollar Bond Fund', currency: 'HKD', assetClass: 'BOND', price: 15.02 },
  { code: 'HKMM-HKD', name: 'HKD Cash Fund', currency: 'HKD', assetClass: 'MONEY_MARKET', price: 10.0 },
  { code: 'EUEQ-EUR', name: 'European Equity Fund', currency: 'EUR', assetClass: 'EQUITY', price: 18.6 },
  { code: 'EUBD-EUR', name: 'Euro Corporate Bond Fund', currency: 'EUR', assetClass: 'BOND', price: 102.4 },
  { code: 'UKEQ-GBP', name: 'UK Equity Income Fund', currency: 'GBP', assetClass: 'EQUITY', price: 4.12 },
  { code: 'UKGL-GBP', name: 'UK Gilt Fund', currency: 'GBP', assetClass: 'BOND', price: 1.87 },
  { code: 'JPEQ-JPY', name: 'Japan Equity Fund', currency: 'JPY', assetClass: 'EQUITY', price: 1840 },
  {
    code: 'JPSM-JPY',
    name: 'Japan Smaller Companies Fund',
    currency: 'JPY',
    assetClass: 'EQUITY',
    price: 2235,
  },
  { code: 'CNEQ-CNY', name: 'China A-Share Fund', currency: 'CNY', assetClass: 'EQUITY', price: 9.45 },
  {
    code: 'AUIN-AUD',
    name: 'Australian Income Fund',
    currency: 'AUD',
    assetClass: 'MIXED_ASSET',
    price: 1.36,
  },
  { code: 'SGRE-SGD', name: 'Singapore REIT Fund', currency: 'SGD', assetClass: 'ALTERNATIVE', price: 0.98 },
  {
    code: 'GLRE-USD',
    name: 'Global Property Securities Fund',
    currency: 'USD',
    assetClass: 'ALTERNATIVE',
    price: 8.2,
  },
  { code: 'EMBD-USD', name: 'Emerging Markets Bond Fund', currency: 'USD', assetClass: 'BOND', price: 14.9 },
  {
    code: 'BALN-USD',
    name: 'Balanced Portfolio Fund',
    currency: 'USD',
    assetClass: 'MIXED_ASSET',
    price: 20.05,
  },
] as const;

/** USD value of one unit of each currency at the first statement month; later months drift a little. */
export const FX_TO_USD: Record<string, number> = {
  USD: 1,
  HKD: 0.1282,
  EUR: 1.0815,
  GBP: 1.2704,
  JPY: 0.00668,
  CNY: 0.1381,
  AUD: 0.6612,
  SGD: 0.7431,
};

export const SERVICE_COMPANIES = [
  { code: 'AFSL', name: 'Angel Financial Services Limited' },
  { code: 'AWM', name: 'Angel Wealth Management (HK) Limited' },
  { code: 'IPCL', name: 'IPC Financial Planning Limited' },
] as const;

export const FOLLOWUP_TYPES = [
  { id: 1, name: 'Change of address' },
  { id: 2, name: 'Change of beneficiary' },
  { id: 3, name: 'Fund switching' },
  { id: 4, name: 'Partial withdrawal' },
  { id: 5, name: 'Premium holiday' },
  { id: 6, name: 'Missing premium' },
  { id: 7, name: 'Renewal' },
  { id: 8, name: 'Claim' },
  { id: 9, name: 'Policy loan' },
  { id: 10, name: 'Change of payment method' },
] as const;

/** The reference tables' labels are the portal's own English words for the codes (one list, in render/). */
export const CATEGORY_LABELS: Record<ProductCategory, string> = ENGLISH_CODE_LABELS.productCategory;
export const POLICY_STATUS_LABELS: Record<string, string> = ENGLISH_CODE_LABELS.policyStatus;

export const STAGE_LABELS: Record<number, string> = {
  1: 'Application received at the office',
  2: 'Outstanding item required from the office',
  3: 'Application sent to the product provider',
  4: 'Outstanding documents required by the provider',
  5: 'Application completed, waiting for policy issue',
  6: 'Policy arrived at office or couriered to client',
  7: 'Original acknowledgment received or account opened',
  8: 'Application cancelled',
};

import {
  type AssetClass,
  type Language,
  type PayinMode,
  type PaymentMethod,
  type PaymentStatus,
  type PolicyStatusCode,
  type PortfolioType,
  type ProductCategory,
  parseTermCode,
} from '@portal/contract';
import { frequencyLabel, statementTexts } from './statement-texts.js';

/**
 * Words for the codes a plan stores (docs/decisions/012-translated-data.md): one catalog for the plan-detail answer
 * and the statements, so the screen and the printed statement of a plan in one language say the same words.
 */
interface DomainTexts {
  wholeOfLife: string;
  singlePayment: string;
  years: (n: number) => string;
  toAge: (n: number) => string;
  cashAccount: string;
  paymentMethod: Record<PaymentMethod, string>;
  paymentStatus: Record<PaymentStatus, string>;
  portfolioType: Record<PortfolioType, string>;
  assetClass: Record<AssetClass, string>;
  /** The same words as the web's domain.json productCategory, for answers the web shows as they come (forms). */
  productCategory: Record<ProductCategory, string>;
  /** The web's domain.json policyStatus words (CFM has a blank label). */
  policyStatus: Record<PolicyStatusCode, string>;
  /** How a provider pays a revenue's commission in (staff revenue detail); cheque and autopay as paymentMethod. */
  payinMode: Record<PayinMode, string>;
}

const en: DomainTexts = {
  wholeOfLife: 'Whole of life',
  singlePayment: 'Single payment',
  years: (n) => (n === 1 ? '1 year' : `${n} years`),
  toAge: (n) => `To age ${n}`,
  cashAccount: 'Cash account',
  paymentMethod: {
    AUTOPAY: 'Autopay',
    CREDIT_CARD: 'Credit card',
    CHEQUE: 'Cheque',
    TELEGRAPHIC_TRANSFER: 'Telegraphic transfer',
    EMPLOYER_CONTRIBUTION: 'Employer contribution',
  },
  paymentStatus: { PAID_TO_DATE: 'Paid to date', OVERDUE: 'Overdue' },
  portfolioType: {
    REGULAR_SAVINGS: 'Regular savings',
    DISCRETIONARY: 'Discretionary',
    ADVISORY: 'Advisory',
    EXECUTION_ONLY: 'Execution only',
    EMPLOYEE: 'Employee',
    FAMILY_TRUST: 'Family trust',
  },
  assetClass: {
    EQUITY: 'Equity',
    BOND: 'Bond',
    MIXED_ASSET: 'Mixed asset',
    MONEY_MARKET: 'Money market',
    ALTERNATIVE: 'Alternative',
  },
  productCategory: {
    IL: 'ILAS',
    IN: 'Insurance Plan',
    IR: 'Rider',
    FD: 'Investment',
    MPF: 'MPF',
    GI: 'General Insurance',
    PB: 'Private Bank',
    TU: 'Trust',
  },
  policyStatus: {
    RCV: 'Received',
    AIP: 'In Progress',
    ACT: 'Accepted',
    CAN: 'Cancelled',
    INF: 'Inforce',
    COF: 'Cooled Off',
    MAT: 'Matured',
    LAP: 'Lapsed',
    SUR: 'Surrendered',
    TOT: 'Transferred Out',
    OPN: 'Account Open',
    CFM: '',
    TER: 'Terminated',
    COD: 'Account Close',
  },
  payinMode: { BANK_TRANSFER: 'Bank transfer', OFFSET: 'Offset', CHEQUE: 'Cheque', AUTOPAY: 'Autopay' },
};

const zh: DomainTexts = {
  wholeOfLife: '終身',
  singlePayment: '一次性繳付',
  years: (n) => `${n}年`,
  toAge: (n) => `至${n}歲`,
  cashAccount: '現金賬戶',
  paymentMethod: {
    AUTOPAY: '自動轉賬',
    CREDIT_CARD: '信用卡',
    CHEQUE: '支票',
    TELEGRAPHIC_TRANSFER: '電匯',
    EMPLOYER_CONTRIBUTION: '僱主供款',
  },
  paymentStatus: { PAID_TO_DATE: '已繳付至今', OVERDUE: '逾期未繳' },
  portfolioType: {
    REGULAR_SAVINGS: '定期儲蓄',
    DISCRETIONARY: '全權委託',
    ADVISORY: '顧問服務',
    EXECUTION_ONLY: '只限執行',
    EMPLOYEE: '僱員',
    FAMILY_TRUST: '家族信託',
  },
  assetClass: {
    EQUITY: '股票',
    BOND: '債券',
    MIXED_ASSET: '混合資產',
    MONEY_MARKET: '貨幣市場',
    ALTERNATIVE: '另類投資',
  },
  productCategory: {
    IL: '投資相連壽險 (ILAS)',
    IN: '保險計劃',
    IR: '附加保障',
    FD: '投資',
    MPF: '強積金',
    GI: '一般保險',
    PB: '私人銀行',
    TU: '信託',
  },
  policyStatus: {
    RCV: '已收件',
    AIP: '處理中',
    ACT: '已接納',
    CAN: '已取消',
    INF: '生效中',
    COF: '冷靜期內取消',
    MAT: '已期滿',
    LAP: '已失效',
    SUR: '已退保',
    TOT: '已轉出',
    OPN: '已開戶',
    CFM: '',
    TER: '已終止',
    COD: '已關戶',
  },
  payinMode: { BANK_TRANSFER: '銀行轉賬', OFFSET: '抵銷', CHEQUE: '支票', AUTOPAY: '自動轉賬' },
};

const ja: DomainTexts = {
  wholeOfLife: '終身',
  singlePayment: '一時払い',
  years: (n) => `${n}年`,
  toAge: (n) => `${n}歳まで`,
  cashAccount: '現金勘定',
  paymentMethod: {
    AUTOPAY: '口座振替',
    CREDIT_CARD: 'クレジットカード',
    CHEQUE: '小切手',
    TELEGRAPHIC_TRANSFER: '電信送金',
    EMPLOYER_CONTRIBUTION: '雇用主拠出',
  },
  paymentStatus: { PAID_TO_DATE: '払込済み', OVERDUE: '払込遅延' },
  portfolioType: {
    REGULAR_SAVINGS: '積立型',
    DISCRETIONARY: '一任運用',
    ADVISORY: '助言型',
    EXECUTION_ONLY: '執行のみ',
    EMPLOYEE: '従業員',
    FAMILY_TRUST: '家族信託',
  },
  assetClass: {
    EQUITY: '株式',
    BOND: '債券',
    MIXED_ASSET: 'バランス型',
    MONEY_MARKET: 'マネー・マーケット',
    ALTERNATIVE: 'オルタナティブ',
  },
  productCategory: {
    IL: 'ILAS（投資連動型保険）',
    IN: '保険プラン',
    IR: '特約',
    FD: '投資',
    MPF: 'MPF（強制積立年金）',
    GI: '損害保険',
    PB: 'プライベートバンク',
    TU: '信託',
  },
  policyStatus: {
    RCV: '受付済',
    AIP: '手続中',
    ACT: '承認済',
    CAN: '取消',
    INF: '有効',
    COF: 'クーリングオフ',
    MAT: '満期',
    LAP: '失効',
    SUR: '解約',
    TOT: '移管済',
    OPN: '口座開設',
    CFM: '',
    TER: '終了',
    COD: '口座解約',
  },
  payinMode: { BANK_TRANSFER: '銀行振込', OFFSET: '相殺', CHEQUE: '小切手', AUTOPAY: '口座振替' },
};

const kr: DomainTexts = {
  wholeOfLife: '종신',
  singlePayment: '일시납',
  years: (n) => `${n}년`,
  toAge: (n) => `${n}세까지`,
  cashAccount: '현금 계좌',
  paymentMethod: {
    AUTOPAY: '자동이체',
    CREDIT_CARD: '신용카드',
    CHEQUE: '수표',
    TELEGRAPHIC_TRANSFER: '전신 송금',
    EMPLOYER_CONTRIBUTION: '고용주 납입',
  },
  paymentStatus: { PAID_TO_DATE: '납입 완료', OVERDUE: '연체' },
  portfolioType: {
    REGULAR_SAVINGS: '정기 적립',
    DISCRETIONARY: '일임형',
    ADVISORY: '자문형',
    EXECUTION_ONLY: '주문 집행형',
    EMPLOYEE: '근로자',
    FAMILY_TRUST: '가족 신탁',
  },
  assetClass: {
    EQUITY: '주식',
    BOND: '채권',
    MIXED_ASSET: '혼합자산',
    MONEY_MARKET: '머니마켓',
    ALTERNATIVE: '대체투자',
  },
  productCategory: {
    IL: 'ILAS (투자연계형 보험)',
    IN: '보험 플랜',
    IR: '특약',
    FD: '투자',
    MPF: 'MPF (강제퇴직연금)',
    GI: '일반 보험',
    PB: '프라이빗 뱅크',
    TU: '신탁',
  },
  policyStatus: {
    RCV: '접수됨',
    AIP: '진행 중',
    ACT: '승인됨',
    CAN: '취소됨',
    INF: '유효',
    COF: '청약 철회',
    MAT: '만기',
    LAP: '실효',
    SUR: '해지',
    TOT: '이전 완료',
    OPN: '계좌 개설',
    CFM: '',
    TER: '종료됨',
    COD: '계좌 해지',
  },
  payinMode: { BANK_TRANSFER: '계좌 이체', OFFSET: '상계', CHEQUE: '수표', AUTOPAY: '자동이체' },
};

const catalogs: Record<Language, DomainTexts> = { en, zh, ja, kr };

/** The English words of the category and status codes: the reference tables store them as their labels. */
export const ENGLISH_CODE_LABELS = { productCategory: en.productCategory, policyStatus: en.policyStatus };

/**
 * The words of a plan's codes in one language. A code the catalog does not know (a provider feed ahead of the
 * portal) is shown as it came rather than hidden: the client still sees something, and the gap is visible.
 */
export function domainWords(language: Language) {
  const texts = catalogs[language];
  const pick = <K extends string>(table: Record<K, string>, code: string | null): string | null =>
    code === null ? null : (table[code as K] ?? code);
  return {
    term(code: string | null): string | null {
      if (code === null) return null;
      const term = parseTermCode(code);
      if (!term) return code;
      switch (term.kind) {
        case 'wholeOfLife':
          return texts.wholeOfLife;
        case 'single':
          return texts.singlePayment;
        case 'years':
          return texts.years(term.n);
        case 'toAge':
          return texts.toAge(term.n);
      }
    },
    paymentMethod: (code: string | null) => pick(texts.paymentMethod, code),
    paymentStatus: (code: string | null) => pick(texts.paymentStatus, code),
    /** A payment frequency (M, Q, H, A, S) in the statements' words, as reports 3 and 10 word it. */
    paymentFrequency: (code: string | null) => frequencyLabel(statementTexts(language), code),
    payinMode: (code: string | null) => pick(texts.payinMode, code),
    portfolioType: (code: string | null) => pick(texts.portfolioType, code),
    assetClass: (code: string) => pick(texts.assetClass, code) ?? code,
    /** A cash position's name, e.g. "Cash account (USD)": the portal's own words, not the provider's label. */
    cashAccount: (currency: string) => `${texts.cashAccount} (${currency})`,
    /** Cash as a slice of a portfolio (no currency: the slice sums every cash position). */
    cash: () => texts.cashAccount,
    productCategory: (code: string) => pick(texts.productCategory, code) ?? code,
    /** A status code's word; `fallback` (the stored label) for a code the catalog does not know. */
    policyStatus: (code: string, fallback: string) =>
      code in texts.policyStatus ? texts.policyStatus[code as PolicyStatusCode] : fallback,
  };
}
export type DomainWords = ReturnType<typeof domainWords>;

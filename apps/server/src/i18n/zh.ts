import type { Messages } from './en.js';

export const zh: Messages = {
  errors: {
    notFound: '找不到頁面',
    unauthorized: '請先登入。',
    forbidden: '您沒有權限瀏覽此頁面。',
    csrf: '您的登入階段已逾時，請再試一次。',
    badRequest: '請求無效。',
    tooManyRequests: '嘗試次數過多，請稍後再試。',
    internal: '系統發生錯誤，請稍後再試。',
    unavailable: '服務正在關閉，請稍後再試。',
  },
  validation: {
    required: '不能為空',
    invalid: '格式無效',
    tooShort: '太短（最少 {{min}} 個字元）',
    tooLong: '太長（最多 {{max}} 個字元）',
    tooSmall: '不能小於 {{min}}',
    tooBig: '不能大於 {{max}}',
    notAllowed: '不是允許的值',
    unknownField: '不是可接受的欄位',
    pageSize: '每頁筆數必須為 10、20 或 30',
    reportType: '不是已知的報表類型',
  },
};

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
    databaseUnavailable: '服務暫時未能提供，請稍後再試。',
  },
  validation: {
    required: '不能為空',
    invalid: '格式無效',
    invalidCharacters: '包含不允許的字元',
    tooShort: '太短（最少 {{min}} 個字元）',
    tooLong: '太長（最多 {{max}} 個字元）',
    tooSmall: '不能小於 {{min}}',
    tooBig: '不能大於 {{max}}',
    notAllowed: '不是允許的值',
    unknownField: '不是可接受的欄位',
    pageSize: '每頁筆數必須為 10、20 或 30',
    reportType: '不是已知的報表類型',
    otpFormat: '必須為電郵中的 6 位數字',
    invalidDate: '不是有效的日期',
    passwordLength: '必須為 {{min}} 至 {{max}} 個字元',
    passwordCharacters: '只可包含半形英文字母及數字',
    passwordSameAsLogin: '不能與登入名稱相同',
    passwordTooCommon: '過於常見，容易被猜中，請另選一個',
    passwordConfirmation: '與密碼不相符',
    passwordIncorrect: '目前密碼不正確。',
    passwordUnchanged: '必須與現有密碼不同',
    month: '必須是 YYYY-MM 格式的月份',
    partyIds: '必須是以逗號分隔的賬戶編號',
    tooManyPartyIds: '每次最多可下載 20 個賬戶',
  },
  auth: {
    loginFailedClient: '客戶編號或密碼不正確。',
    loginFailedProducer: '登入名稱／顧問編號或密碼不正確。',
    loginFailedStaff: '登入名稱或密碼不正確。',
    areaNotOffered: '本網站不提供客戶登入，請使用顧問登入。',
    accountLocked: '登入失敗次數過多，請於 {{minutes}} 分鐘後再試，或重設密碼。',
    tooManyAttempts: '嘗試次數過多，請於 {{minutes}} 分鐘後再試。',
    otpNoEmail: '由於我們沒有您的電郵地址記錄，無法發送驗證碼，請與我們聯絡。',
    otpInvalid: '驗證碼不正確。',
    otpExpired: '驗證碼已失效或已用盡嘗試次數，請重新索取驗證碼。',
    otpNotPending: '登入已逾時，請重新登入。',
    otpResent: '新的驗證碼已發送至 {{email}}。',
    otpResendTooSoon: '請於 {{seconds}} 秒後再要求新的驗證碼。',
    linkInvalid: '此連結無效或已過期，請重新提出要求。',
  },
  statements: {
    monthOutOfRange: '只可查閱或下載最近六個月的結單。',
    noStatement: '此賬戶在該月份沒有結單。',
    pdfUnavailable: 'PDF 結單暫時未能提供，請於網上查閱結單或稍後再試。',
  },
  /** The render pool (PDF, ZIP, exports): refusals that ask to retry. */
  rendering: {
    userBusy: '您先前的下載仍在準備中（每次最多 {{limit}} 個），請待其完成後再試。',
    queueFull: '目前正在準備大量文件，請稍後再試。',
  },
  team: {
    moreChildren: '還有 {{count}} 位…',
  },
  /** Excel exports of producer lists and reports (src/exports/). */
  exports: {
    tooManyRows:
      '此匯出共有 {{rows}} 行，每次最多只可匯出 {{limit}} 行。請收窄搜尋範圍（例如縮短日期範圍或減少顧問）後再匯出。',
  },
};

import type { Messages } from './en.js';

export const ja: Messages = {
  errors: {
    notFound: 'ページが見つかりません',
    unauthorized: 'ログインしてください。',
    forbidden: 'このページへのアクセス権がありません。',
    csrf: 'セッションの有効期限が切れました。もう一度お試しください。',
    badRequest: 'リクエストが正しくありません。',
    tooManyRequests: '試行回数が多すぎます。しばらくしてから再度お試しください。',
    internal: 'エラーが発生しました。しばらくしてから再度お試しください。',
    unavailable: 'サービスを停止しています。しばらくしてから再度お試しください。',
  },
  validation: {
    required: '入力してください',
    invalid: '正しくありません',
    tooShort: '短すぎます（{{min}}文字以上）',
    tooLong: '長すぎます（{{max}}文字以内）',
    tooSmall: '{{min}}以上で入力してください',
    tooBig: '{{max}}以下で入力してください',
    notAllowed: '使用できない値です',
    unknownField: '受け付けられない項目です',
    pageSize: '表示件数は10、20、30のいずれかです',
    reportType: '不明なレポートの種類です',
  },
};

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
    databaseUnavailable:
      'ただいまサービスを一時的にご利用いただけません。しばらくしてから再度お試しください。',
  },
  validation: {
    required: '入力してください',
    invalid: '正しくありません',
    invalidCharacters: '使用できない文字が含まれています',
    tooShort: '短すぎます（{{min}}文字以上）',
    tooLong: '長すぎます（{{max}}文字以内）',
    tooSmall: '{{min}}以上で入力してください',
    tooBig: '{{max}}以下で入力してください',
    notAllowed: '使用できない値です',
    unknownField: '受け付けられない項目です',
    pageSize: '表示件数は10、20、30のいずれかです',
    reportType: '不明なレポートの種類です',
    otpFormat: 'メールに記載された6桁の数字を入力してください',
    invalidDate: '有効な日付ではありません',
    dateRangeReversed: '開始日より前の日付は指定できません',
    passwordLength: '{{min}}～{{max}}文字で入力してください',
    passwordCharacters: '半角英数字のみ使用できます',
    passwordSameAsLogin: 'ログインIDと同じにすることはできません',
    passwordTooCommon: 'よく使われていて推測されやすいため、別のものを選んでください',
    passwordConfirmation: 'パスワードと一致しません',
    passwordIncorrect: '現在のパスワードが正しくありません。',
    passwordUnchanged: '現在のパスワードと異なるものにしてください',
    month: 'YYYY-MM 形式の月を指定してください',
    partyIds: 'カンマ区切りの口座番号を指定してください',
    tooManyPartyIds: '一度にダウンロードできるのは 20 口座までです',
  },
  auth: {
    loginFailedClient: 'クライアントIDまたはパスワードが正しくありません。',
    loginFailedProducer: 'ログインID／アドバイザーコードまたはパスワードが正しくありません。',
    loginFailedStaff: 'ログインIDまたはパスワードが正しくありません。',
    areaNotOffered:
      'このサイトではクライアントログインはご利用いただけません。アドバイザーログインをご利用ください。',
    accountLocked:
      'ログインの失敗が続いたため、{{minutes}}分後に再度お試しいただくか、パスワードを再設定してください。',
    tooManyAttempts: '試行回数が多すぎます。{{minutes}}分後に再度お試しください。',
    otpNoEmail:
      'メールアドレスが登録されていないため、確認コードを送信できません。当社までお問い合わせください。',
    otpInvalid: '確認コードが正しくありません。',
    otpExpired:
      '確認コードの有効期限が切れたか、試行回数の上限に達しました。新しいコードを取得してください。',
    otpNotPending: 'ログインの有効期限が切れました。もう一度ログインしてください。',
    otpResent: '新しい確認コードを {{email}} に送信しました。',
    otpResendTooSoon: '新しいコードは {{seconds}} 秒後に再送できます。',
    linkInvalid: 'このリンクは無効か有効期限が切れています。もう一度ご依頼ください。',
  },
  statements: {
    monthOutOfRange: '閲覧またはダウンロードできるのは過去6か月分の明細書のみです。',
    noStatement: 'この口座のこの月の明細書はありません。',
    pdfUnavailable:
      'PDF の明細書は現在ご利用いただけません。画面で明細書をご覧いただくか、しばらくしてから再度お試しください。',
  },
  /** The render pool (PDF, ZIP, exports): refusals that ask to retry. */
  rendering: {
    userBusy:
      '以前のダウンロードをまだ準備しています（同時に{{limit}}件まで）。完了してから再度お試しください。',
    queueFull: '現在、多くの書類を作成しています。しばらくしてから再度お試しください。',
  },
  team: {
    moreChildren: 'ほか {{count}} 名…',
  },
  /** Excel exports of producer lists and reports (src/exports/). */
  exports: {
    tooManyRows:
      'このエクスポートは {{rows}} 行になります。一度にエクスポートできるのは {{limit}} 行までです。検索条件を絞り込んで（例：期間を短くする、担当者を減らす）、もう一度エクスポートしてください。',
  },
  lists: {
    followupType: {
      type1: '住所変更',
      type2: '受取人変更',
      type3: 'ファンドスイッチング',
      type4: '一部引出し',
      type5: '保険料払込猶予',
      type6: '保険料未払い',
      type7: '更新',
      type8: '保険金請求',
      type9: '契約者貸付',
      type10: '支払方法変更',
    },
  },
};

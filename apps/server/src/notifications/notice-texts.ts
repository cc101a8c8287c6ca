import { isSecurityNotification, type Language, NOTIFICATION_TYPES } from '@portal/contract';

/**
 * The kinds of notice the portal sends, and their words in each language. A notice tells that something happened
 * and when, never a code or a link in its words (a forged notice must not be able to lead anywhere; the centre's
 * link is the screen's path, set by the code that sends it). A new kind adds a key to the contract's
 * NOTIFICATION_TYPES and its texts here in all four languages.
 */
// Every notification type, the security events (the account-activity types) among them: one list for all.
export const NOTICE_TYPES = NOTIFICATION_TYPES;
export type NoticeType = (typeof NOTICE_TYPES)[number];

/**
 * Values a notice's words may name: the site, the account, the time (UTC), the browser, and the thing it is about
 * (a plan number, a report's name, a stage, a sender's name). Plain text: e-mails and screens escape it.
 */
export interface NoticeParams {
  siteName: string;
  login: string;
  at: string;
  device?: string;
  item?: string;
  /** A commission dispute's change: the policy number and the new status, worded in the recipient's language. */
  policyNo?: string;
  status?: string;
}

interface NoticeText {
  subject: (p: NoticeParams) => string;
  /** What happened, one sentence; the closing line is added per language. */
  what: (p: NoticeParams) => string;
  /** This kind's own closing line instead of the security one. */
  closing?: string;
}

type NoticeCatalog = { [T in NoticeType]: NoticeText } & { closing: string };

const dev = (p: NoticeParams) => (p.device ? ` (${p.device})` : '');
const about = (p: NoticeParams) => (p.item ? ` (${p.item})` : '');

const en: NoticeCatalog = {
  statement_available: {
    subject: (p) => `${p.siteName}: new statement available`,
    what: (p) => `A new statement${about(p)} is available in the portal since ${p.at} (UTC).`,
  },
  message_received: {
    subject: (p) => `${p.siteName}: new message`,
    what: (p) => `You received a new message${about(p)} on ${p.at} (UTC). Sign in to the portal to read it.`,
  },
  firm_notice: {
    subject: (p) => `${p.siteName}: notice from the firm`,
    what: (p) => `A notice from the firm${about(p)} was added to your message box on ${p.at} (UTC).`,
  },
  export_ready: {
    subject: (p) => `${p.siteName}: your export is ready`,
    what: (p) => `Your export${about(p)} finished on ${p.at} (UTC) and can be downloaded in the portal.`,
  },
  export_failed: {
    subject: (p) => `${p.siteName}: your export failed`,
    what: (p) => `Your export${about(p)} could not be completed on ${p.at} (UTC). Please start it again.`,
  },
  application_stage_changed: {
    subject: (p) => `${p.siteName}: application stage changed`,
    what: (p) => `An application${about(p)} moved to a new stage on ${p.at} (UTC).`,
  },
  requirement_received: {
    subject: (p) => `${p.siteName}: a client sent a document`,
    what: (p) =>
      `A client sent a document for an application${about(p)} on ${p.at} (UTC). It awaits the office's review.`,
  },
  requirements_reminder: {
    subject: (p) => `${p.siteName}: your application still needs documents`,
    what: (p) =>
      `Your advisor reminds you that your application${about(p)} still needs documents from you (${p.at} UTC). You can send them in the portal, under My Applications.`,
  },
  commission_statement_ready: {
    subject: (p) => `${p.siteName}: commission statement ready`,
    what: (p) => `A new commission statement${about(p)} is available since ${p.at} (UTC).`,
  },
  commission_dispute_changed: {
    subject: (p) => `${p.siteName}: your commission dispute was updated`,
    what: (p) =>
      `Your dispute of the commission on policy ${p.policyNo ?? ''} is now "${p.status ?? ''}" (${p.at} UTC). See the Commission Ledger for details.`,
  },
  new_browser: {
    subject: (p) => `${p.siteName}: sign-in from a new browser`,
    what: (p) => `Your account ${p.login} was signed in to from a new browser${dev(p)} on ${p.at} (UTC).`,
  },
  mfa_failed: {
    subject: (p) => `${p.siteName}: failed sign-in confirmations`,
    what: (p) =>
      `Several wrong second-factor codes were entered for your account ${p.login} on ${p.at} (UTC).`,
  },
  password_changed: {
    subject: (p) => `${p.siteName}: your password was changed`,
    what: (p) => `The password of your account ${p.login} was changed on ${p.at} (UTC).`,
  },
  password_reset: {
    subject: (p) => `${p.siteName}: your password was reset`,
    what: (p) => `The password of your account ${p.login} was reset on ${p.at} (UTC).`,
  },
  factor_added: {
    subject: (p) => `${p.siteName}: authenticator app added`,
    what: (p) => `An authenticator app was added to your account ${p.login} on ${p.at} (UTC).`,
  },
  factor_removed: {
    subject: (p) => `${p.siteName}: authenticator app removed`,
    what: (p) => `The authenticator app of your account ${p.login} was removed on ${p.at} (UTC).`,
  },
  passkey_added: {
    subject: (p) => `${p.siteName}: passkey added`,
    what: (p) => `A passkey was added to your account ${p.login} on ${p.at} (UTC).`,
  },
  passkey_removed: {
    subject: (p) => `${p.siteName}: passkey removed`,
    what: (p) => `A passkey of your account ${p.login} was removed on ${p.at} (UTC).`,
  },
  passkey_counter_mismatch: {
    subject: (p) => `${p.siteName}: passkey refused`,
    what: (p) =>
      `A sign-in to your account ${p.login} with a passkey that may have been copied was refused on ${p.at} (UTC).`,
  },
  recovery_code_used: {
    subject: (p) => `${p.siteName}: recovery code used`,
    what: (p) => `A recovery code of your account ${p.login} was used to sign in on ${p.at} (UTC).`,
  },
  recovery_codes_renewed: {
    subject: (p) => `${p.siteName}: new recovery codes`,
    what: (p) =>
      `New recovery codes were made for your account ${p.login} on ${p.at} (UTC); the old ones no longer work.`,
  },
  trusted_browser_added: {
    subject: (p) => `${p.siteName}: browser remembered`,
    what: (p) =>
      `A browser${dev(p)} will not be asked for your second factor for 30 days (account ${p.login}, ${p.at} UTC).`,
  },
  factors_reset_by_office: {
    subject: (p) => `${p.siteName}: your second factors were reset by our office`,
    what: (p) =>
      `At your request, our office removed the authenticator app, passkeys and recovery codes of your account ${p.login} on ${p.at} (UTC), and signed it out everywhere. Set up a new one at your next sign-in.`,
  },
  sessions_ended_by_office: {
    subject: (p) => `${p.siteName}: our office signed your account out`,
    what: (p) => `Our office signed your account ${p.login} out of every browser on ${p.at} (UTC).`,
  },
  session_ended: {
    subject: (p) => `${p.siteName}: a session was ended`,
    what: (p) => `A session of your account ${p.login} was ended from another device on ${p.at} (UTC).`,
  },
  closing: 'If this was not you, change your password at once and contact us.',
};

const ja: NoticeCatalog = {
  statement_available: {
    subject: (p) => `${p.siteName}：新しいステートメント`,
    what: (p) => `新しいステートメント${about(p)}が ${p.at}（UTC）からポータルでご覧いただけます。`,
  },
  message_received: {
    subject: (p) => `${p.siteName}：新しいメッセージ`,
    what: (p) =>
      `${p.at}（UTC）に新しいメッセージ${about(p)}が届きました。ポータルにログインしてご確認ください。`,
  },
  firm_notice: {
    subject: (p) => `${p.siteName}：当社からのお知らせ`,
    what: (p) => `当社からのお知らせ${about(p)}が ${p.at}（UTC）にメッセージボックスに追加されました。`,
  },
  export_ready: {
    subject: (p) => `${p.siteName}：エクスポートが完了しました`,
    what: (p) => `エクスポート${about(p)}が ${p.at}（UTC）に完了し、ポータルからダウンロードできます。`,
  },
  export_failed: {
    subject: (p) => `${p.siteName}：エクスポートに失敗しました`,
    what: (p) => `エクスポート${about(p)}は ${p.at}（UTC）に完了できませんでした。もう一度お試しください。`,
  },
  application_stage_changed: {
    subject: (p) => `${p.siteName}：申込みのステージが変わりました`,
    what: (p) => `申込み${about(p)}が ${p.at}（UTC）に新しいステージに進みました。`,
  },
  requirement_received: {
    subject: (p) => `${p.siteName}：お客様から書類が届きました`,
    what: (p) => `お客様が申込み${about(p)}の書類を ${p.at}（UTC）に送信しました。事務局の確認待ちです。`,
  },
  requirements_reminder: {
    subject: (p) => `${p.siteName}：お申込みに必要な書類のお願い`,
    what: (p) =>
      `お申込み${about(p)}に必要な書類がまだ届いていないことを、担当アドバイザーからお知らせします（${p.at} UTC）。ポータルの「お申込み状況」から送信できます。`,
  },
  commission_statement_ready: {
    subject: (p) => `${p.siteName}：コミッション明細書`,
    what: (p) => `新しいコミッション明細書${about(p)}が ${p.at}（UTC）からご覧いただけます。`,
  },
  commission_dispute_changed: {
    subject: (p) => `${p.siteName}：手数料の異議が更新されました`,
    what: (p) =>
      `証券 ${p.policyNo ?? ''} の手数料に関する異議は「${p.status ?? ''}」になりました（${p.at} UTC）。詳細は手数料台帳をご覧ください。`,
  },
  new_browser: {
    subject: (p) => `${p.siteName}：新しいブラウザーからのログイン`,
    what: (p) =>
      `アカウント ${p.login} に新しいブラウザー${dev(p)}から ${p.at}（UTC）にログインがありました。`,
  },
  mfa_failed: {
    subject: (p) => `${p.siteName}：ログイン確認の失敗`,
    what: (p) => `アカウント ${p.login} で ${p.at}（UTC）に誤った2段階認証コードが複数回入力されました。`,
  },
  password_changed: {
    subject: (p) => `${p.siteName}：パスワードが変更されました`,
    what: (p) => `アカウント ${p.login} のパスワードが ${p.at}（UTC）に変更されました。`,
  },
  password_reset: {
    subject: (p) => `${p.siteName}：パスワードが再設定されました`,
    what: (p) => `アカウント ${p.login} のパスワードが ${p.at}（UTC）に再設定されました。`,
  },
  factor_added: {
    subject: (p) => `${p.siteName}：認証アプリが追加されました`,
    what: (p) => `アカウント ${p.login} に ${p.at}（UTC）認証アプリが追加されました。`,
  },
  factor_removed: {
    subject: (p) => `${p.siteName}：認証アプリが削除されました`,
    what: (p) => `アカウント ${p.login} の認証アプリが ${p.at}（UTC）に削除されました。`,
  },
  passkey_added: {
    subject: (p) => `${p.siteName}：パスキーが追加されました`,
    what: (p) => `アカウント ${p.login} に ${p.at}（UTC）パスキーが追加されました。`,
  },
  passkey_removed: {
    subject: (p) => `${p.siteName}：パスキーが削除されました`,
    what: (p) => `アカウント ${p.login} のパスキーが ${p.at}（UTC）に削除されました。`,
  },
  passkey_counter_mismatch: {
    subject: (p) => `${p.siteName}：パスキーが拒否されました`,
    what: (p) =>
      `アカウント ${p.login} への複製された可能性のあるパスキーでのサインインを ${p.at}（UTC）に拒否しました。`,
  },
  recovery_code_used: {
    subject: (p) => `${p.siteName}：リカバリーコードが使用されました`,
    what: (p) => `アカウント ${p.login} のリカバリーコードが ${p.at}（UTC）のログインに使用されました。`,
  },
  recovery_codes_renewed: {
    subject: (p) => `${p.siteName}：新しいリカバリーコード`,
    what: (p) =>
      `アカウント ${p.login} のリカバリーコードが ${p.at}（UTC）に再発行されました。以前のコードは使用できません。`,
  },
  trusted_browser_added: {
    subject: (p) => `${p.siteName}：ブラウザーが登録されました`,
    what: (p) =>
      `ブラウザー${dev(p)}では30日間2段階認証が省略されます（アカウント ${p.login}、${p.at} UTC）。`,
  },
  factors_reset_by_office: {
    subject: (p) => `${p.siteName}：当社窓口が二段階認証をリセットしました`,
    what: (p) =>
      `ご依頼により、当社窓口が ${p.at}（UTC）にアカウント ${p.login} の認証アプリ、パスキー、リカバリーコードを削除し、すべての端末からサインアウトしました。次回サインイン時に新しく設定してください。`,
  },
  sessions_ended_by_office: {
    subject: (p) => `${p.siteName}：当社窓口がアカウントをサインアウトしました`,
    what: (p) =>
      `当社窓口が ${p.at}（UTC）にアカウント ${p.login} をすべてのブラウザからサインアウトしました。`,
  },
  session_ended: {
    subject: (p) => `${p.siteName}：セッションが終了されました`,
    what: (p) => `アカウント ${p.login} のセッションが ${p.at}（UTC）に別の端末から終了されました。`,
  },
  closing: 'お心当たりがない場合は、直ちにパスワードを変更し、当社までご連絡ください。',
};

const zh: NoticeCatalog = {
  statement_available: {
    subject: (p) => `${p.siteName}：有新的結單`,
    what: (p) => `新的結單${about(p)}已於 ${p.at}（UTC）起在入口網站提供。`,
  },
  message_received: {
    subject: (p) => `${p.siteName}：新訊息`,
    what: (p) => `您於 ${p.at}（UTC）收到一則新訊息${about(p)}，請登入入口網站閱讀。`,
  },
  firm_notice: {
    subject: (p) => `${p.siteName}：公司通知`,
    what: (p) => `公司通知${about(p)}已於 ${p.at}（UTC）加入您的訊息箱。`,
  },
  export_ready: {
    subject: (p) => `${p.siteName}：匯出已完成`,
    what: (p) => `您的匯出${about(p)}已於 ${p.at}（UTC）完成，可在入口網站下載。`,
  },
  export_failed: {
    subject: (p) => `${p.siteName}：匯出失敗`,
    what: (p) => `您的匯出${about(p)}未能於 ${p.at}（UTC）完成，請重新開始。`,
  },
  application_stage_changed: {
    subject: (p) => `${p.siteName}：申請階段已變更`,
    what: (p) => `一份申請${about(p)}已於 ${p.at}（UTC）進入新階段。`,
  },
  requirement_received: {
    subject: (p) => `${p.siteName}：客戶已提交文件`,
    what: (p) => `客戶於 ${p.at}（UTC）為申請${about(p)}提交了文件，正等待辦公室審核。`,
  },
  requirements_reminder: {
    subject: (p) => `${p.siteName}：您的申請仍需提交文件`,
    what: (p) =>
      `您的顧問提醒您，申請${about(p)}仍需要您提交文件（${p.at} UTC）。您可在入口網站的「我的申請」提交。`,
  },
  commission_statement_ready: {
    subject: (p) => `${p.siteName}：佣金結單已備妥`,
    what: (p) => `新的佣金結單${about(p)}已於 ${p.at}（UTC）起提供。`,
  },
  commission_dispute_changed: {
    subject: (p) => `${p.siteName}：您的佣金爭議已更新`,
    what: (p) =>
      `您就保單 ${p.policyNo ?? ''} 佣金提出的爭議現為「${p.status ?? ''}」（${p.at} UTC）。詳情請查看佣金明細帳。`,
  },
  new_browser: {
    subject: (p) => `${p.siteName}：新瀏覽器登入`,
    what: (p) => `您的帳戶 ${p.login} 於 ${p.at}（UTC）從新的瀏覽器${dev(p)}登入。`,
  },
  mfa_failed: {
    subject: (p) => `${p.siteName}：登入驗證失敗`,
    what: (p) => `您的帳戶 ${p.login} 於 ${p.at}（UTC）多次輸入錯誤的第二重驗證碼。`,
  },
  password_changed: {
    subject: (p) => `${p.siteName}：您的密碼已更改`,
    what: (p) => `您的帳戶 ${p.login} 的密碼已於 ${p.at}（UTC）更改。`,
  },
  password_reset: {
    subject: (p) => `${p.siteName}：您的密碼已重設`,
    what: (p) => `您的帳戶 ${p.login} 的密碼已於 ${p.at}（UTC）重設。`,
  },
  factor_added: {
    subject: (p) => `${p.siteName}：已新增驗證器應用程式`,
    what: (p) => `您的帳戶 ${p.login} 已於 ${p.at}（UTC）新增驗證器應用程式。`,
  },
  factor_removed: {
    subject: (p) => `${p.siteName}：已移除驗證器應用程式`,
    what: (p) => `您的帳戶 ${p.login} 的驗證器應用程式已於 ${p.at}（UTC）移除。`,
  },
  passkey_added: {
    subject: (p) => `${p.siteName}：已新增通行金鑰`,
    what: (p) => `您的帳戶 ${p.login} 已於 ${p.at}（UTC）新增通行金鑰。`,
  },
  passkey_removed: {
    subject: (p) => `${p.siteName}：已移除通行金鑰`,
    what: (p) => `您的帳戶 ${p.login} 的一把通行金鑰已於 ${p.at}（UTC）移除。`,
  },
  passkey_counter_mismatch: {
    subject: (p) => `${p.siteName}：通行金鑰遭拒絕`,
    what: (p) => `於 ${p.at}（UTC）以可能遭複製的通行金鑰登入您的帳戶 ${p.login}，已被拒絕。`,
  },
  recovery_code_used: {
    subject: (p) => `${p.siteName}：已使用復原碼`,
    what: (p) => `您的帳戶 ${p.login} 於 ${p.at}（UTC）使用復原碼登入。`,
  },
  recovery_codes_renewed: {
    subject: (p) => `${p.siteName}：新的復原碼`,
    what: (p) => `您的帳戶 ${p.login} 已於 ${p.at}（UTC）產生新的復原碼，舊的復原碼已失效。`,
  },
  trusted_browser_added: {
    subject: (p) => `${p.siteName}：已記住瀏覽器`,
    what: (p) => `瀏覽器${dev(p)}在 30 日內將不會要求第二重驗證（帳戶 ${p.login}，${p.at} UTC）。`,
  },
  factors_reset_by_office: {
    subject: (p) => `${p.siteName}：本公司已為您重設雙重驗證`,
    what: (p) =>
      `應您的要求，本公司已於 ${p.at}（UTC）移除您的帳戶 ${p.login} 的驗證器應用程式、通行金鑰及備用代碼，並已在所有裝置登出。請於下次登入時重新設定。`,
  },
  sessions_ended_by_office: {
    subject: (p) => `${p.siteName}：本公司已將您的帳戶登出`,
    what: (p) => `本公司已於 ${p.at}（UTC）將您的帳戶 ${p.login} 從所有瀏覽器登出。`,
  },
  session_ended: {
    subject: (p) => `${p.siteName}：工作階段已結束`,
    what: (p) => `您的帳戶 ${p.login} 的一個工作階段已於 ${p.at}（UTC）由另一裝置結束。`,
  },
  closing: '如這並非由您本人進行，請立即更改密碼並與我們聯絡。',
};

const kr: NoticeCatalog = {
  statement_available: {
    subject: (p) => `${p.siteName}: 새 명세서`,
    what: (p) => `새 명세서${about(p)}를 ${p.at}(UTC)부터 포털에서 보실 수 있습니다.`,
  },
  message_received: {
    subject: (p) => `${p.siteName}: 새 메시지`,
    what: (p) => `${p.at}(UTC)에 새 메시지${about(p)}가 도착했습니다. 포털에 로그인하여 확인하십시오.`,
  },
  firm_notice: {
    subject: (p) => `${p.siteName}: 회사 공지`,
    what: (p) => `회사 공지${about(p)}가 ${p.at}(UTC)에 메시지함에 추가되었습니다.`,
  },
  export_ready: {
    subject: (p) => `${p.siteName}: 내보내기 완료`,
    what: (p) => `내보내기${about(p)}가 ${p.at}(UTC)에 완료되어 포털에서 다운로드할 수 있습니다.`,
  },
  export_failed: {
    subject: (p) => `${p.siteName}: 내보내기 실패`,
    what: (p) => `내보내기${about(p)}를 ${p.at}(UTC)에 완료하지 못했습니다. 다시 시작하십시오.`,
  },
  application_stage_changed: {
    subject: (p) => `${p.siteName}: 청약 단계 변경`,
    what: (p) => `청약${about(p)}이 ${p.at}(UTC)에 새 단계로 진행되었습니다.`,
  },
  requirement_received: {
    subject: (p) => `${p.siteName}: 고객이 서류를 보냈습니다`,
    what: (p) =>
      `고객이 ${p.at}(UTC)에 청약${about(p)} 서류를 보냈습니다. 사무국의 검토를 기다리고 있습니다.`,
  },
  requirements_reminder: {
    subject: (p) => `${p.siteName}: 청약에 필요한 서류가 남아 있습니다`,
    what: (p) =>
      `담당 어드바이저가 청약${about(p)}에 고객님의 서류가 아직 필요하다고 알려 드립니다(${p.at} UTC). 포털의 '나의 청약'에서 보내실 수 있습니다.`,
  },
  commission_statement_ready: {
    subject: (p) => `${p.siteName}: 수수료 명세서`,
    what: (p) => `새 수수료 명세서${about(p)}를 ${p.at}(UTC)부터 보실 수 있습니다.`,
  },
  commission_dispute_changed: {
    subject: (p) => `${p.siteName}: 수수료 이의가 업데이트되었습니다`,
    what: (p) =>
      `증권 ${p.policyNo ?? ''}의 수수료 이의가 "${p.status ?? ''}" 상태가 되었습니다(${p.at} UTC). 자세한 내용은 수수료 원장에서 확인하세요.`,
  },
  new_browser: {
    subject: (p) => `${p.siteName}: 새 브라우저에서 로그인`,
    what: (p) => `계정 ${p.login}에 ${p.at}(UTC) 새 브라우저${dev(p)}에서 로그인했습니다.`,
  },
  mfa_failed: {
    subject: (p) => `${p.siteName}: 로그인 확인 실패`,
    what: (p) => `계정 ${p.login}에서 ${p.at}(UTC) 잘못된 2단계 인증 코드가 여러 번 입력되었습니다.`,
  },
  password_changed: {
    subject: (p) => `${p.siteName}: 비밀번호가 변경되었습니다`,
    what: (p) => `계정 ${p.login}의 비밀번호가 ${p.at}(UTC)에 변경되었습니다.`,
  },
  password_reset: {
    subject: (p) => `${p.siteName}: 비밀번호가 재설정되었습니다`,
    what: (p) => `계정 ${p.login}의 비밀번호가 ${p.at}(UTC)에 재설정되었습니다.`,
  },
  factor_added: {
    subject: (p) => `${p.siteName}: 인증 앱이 추가되었습니다`,
    what: (p) => `계정 ${p.login}에 ${p.at}(UTC) 인증 앱이 추가되었습니다.`,
  },
  factor_removed: {
    subject: (p) => `${p.siteName}: 인증 앱이 삭제되었습니다`,
    what: (p) => `계정 ${p.login}의 인증 앱이 ${p.at}(UTC)에 삭제되었습니다.`,
  },
  passkey_added: {
    subject: (p) => `${p.siteName}: 패스키가 추가되었습니다`,
    what: (p) => `계정 ${p.login}에 ${p.at}(UTC) 패스키가 추가되었습니다.`,
  },
  passkey_removed: {
    subject: (p) => `${p.siteName}: 패스키가 삭제되었습니다`,
    what: (p) => `계정 ${p.login}의 패스키가 ${p.at}(UTC)에 삭제되었습니다.`,
  },
  passkey_counter_mismatch: {
    subject: (p) => `${p.siteName}: 패스키가 거부되었습니다`,
    what: (p) =>
      `복제되었을 수 있는 패스키로 계정 ${p.login}에 로그인하려는 시도가 ${p.at}(UTC)에 거부되었습니다.`,
  },
  recovery_code_used: {
    subject: (p) => `${p.siteName}: 복구 코드 사용`,
    what: (p) => `계정 ${p.login}의 복구 코드가 ${p.at}(UTC) 로그인에 사용되었습니다.`,
  },
  recovery_codes_renewed: {
    subject: (p) => `${p.siteName}: 새 복구 코드`,
    what: (p) =>
      `계정 ${p.login}의 복구 코드가 ${p.at}(UTC)에 새로 발급되었습니다. 이전 코드는 사용할 수 없습니다.`,
  },
  trusted_browser_added: {
    subject: (p) => `${p.siteName}: 브라우저 기억`,
    what: (p) => `브라우저${dev(p)}에서 30일 동안 2단계 인증을 묻지 않습니다(계정 ${p.login}, ${p.at} UTC).`,
  },
  factors_reset_by_office: {
    subject: (p) => `${p.siteName}: 당사 창구에서 2단계 인증을 초기화했습니다`,
    what: (p) =>
      `요청에 따라 당사 창구에서 ${p.at}(UTC)에 계정 ${p.login}의 인증 앱, 패스키, 복구 코드를 삭제하고 모든 기기에서 로그아웃했습니다. 다음 로그인 때 새로 설정하세요.`,
  },
  sessions_ended_by_office: {
    subject: (p) => `${p.siteName}: 당사 창구에서 계정을 로그아웃했습니다`,
    what: (p) => `당사 창구에서 ${p.at}(UTC)에 계정 ${p.login}을(를) 모든 브라우저에서 로그아웃했습니다.`,
  },
  session_ended: {
    subject: (p) => `${p.siteName}: 세션이 종료되었습니다`,
    what: (p) => `계정 ${p.login}의 세션이 ${p.at}(UTC)에 다른 기기에서 종료되었습니다.`,
  },
  closing: '본인이 아닌 경우 즉시 비밀번호를 변경하고 당사에 연락해 주십시오.',
};

const catalogs: Record<Language, NoticeCatalog> = { en, ja, zh, kr };

/** A notice in words: a subject and paragraphs for e-mail, one line for SMS, a title for the centre. */
export interface WordedNotice {
  subject: string;
  paragraphs: string[];
  sms: string;
  /** The subject without the site's name: the centre shows it under the site's own header. */
  title: string;
}

export function wordNotice(type: NoticeType, language: Language, params: NoticeParams): WordedNotice {
  const catalog = catalogs[language];
  const text = catalog[type];
  const what = text.what(params);
  return {
    subject: text.subject(params),
    paragraphs: isSecurityNotification(type)
      ? [what, text.closing ?? catalog.closing]
      : text.closing
        ? [what, text.closing]
        : [what],
    sms: `${params.siteName}: ${what}`,
    title: text.subject({ ...params, siteName: '' }).replace(/^[:：]\s*/, ''),
  };
}

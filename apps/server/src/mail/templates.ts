import type { Language } from '@portal/contract';
import type { MailMessage } from './mailer.js';

/** What each kind of e-mail needs. `siteName` is the name of the site the person signs in to. */
export interface MailVars {
  otpCode: { siteName: string; code: string; minutes: number };
  activation: { siteName: string; login: string; link: string; days: number };
  reset: { siteName: string; login: string; link: string; minutes: number };
  passwordChanged: { siteName: string; login: string; at: string };
  /** Registration of an account that is already active: the holder learns how to get in (decision 008). */
  alreadyRegistered: { siteName: string; login: string; link: string; resetPage: string };
  /** A notice already worded in the person's language by the notifier (src/notifications/): never a code or link. */
  notice: { siteName: string; subject: string; paragraphs: string[] };
}
export type MailKind = keyof MailVars;

/** One e-mail in one language: a subject and paragraphs; a paragraph that is exactly `{link}` becomes the link. */
interface Template<V> {
  subject: (v: V) => string;
  paragraphs: (v: V) => string[];
}
type Catalog = { [K in MailKind]: Template<MailVars[K]> };

const LINK = '{link}';

/** Notices arrive worded in their language already (src/notifications/notice-texts.ts). */
const NOTICE: Template<MailVars['notice']> = { subject: (v) => v.subject, paragraphs: (v) => v.paragraphs };

const en: Catalog = {
  otpCode: {
    subject: (v) => `${v.siteName}: your sign-in code`,
    paragraphs: (v) => [
      `Your one-time sign-in code is ${v.code}.`,
      `It expires in ${v.minutes} minutes and works once. Do not share it with anyone: our staff will never ask for it.`,
      'If you did not try to sign in, please change your password.',
    ],
  },
  activation: {
    subject: (v) => `${v.siteName}: activate your account`,
    paragraphs: (v) => [
      `Welcome to ${v.siteName}. Your login ID is ${v.login}.`,
      `Open this link to set your password and activate your account. It is valid for ${v.days} days and works once.`,
      LINK,
      'If you did not register, you can ignore this e-mail.',
      'If an e-mail you requested from us does not arrive within 30 minutes, please request it again.',
    ],
  },
  reset: {
    subject: (v) => `${v.siteName}: reset your password`,
    paragraphs: (v) => [
      `We received a request to reset the password of your account ${v.login}.`,
      `Open this link to choose a new password. It is valid for ${v.minutes} minutes and works once.`,
      LINK,
      'If you did not ask for this, ignore this e-mail: your password stays unchanged.',
      'If an e-mail you requested from us does not arrive within 30 minutes, please request it again.',
    ],
  },
  passwordChanged: {
    subject: (v) => `${v.siteName}: your password was changed`,
    paragraphs: (v) => [
      `The password of your account ${v.login} was changed on ${v.at} (UTC).`,
      'Other devices signed in to your account have been signed out.',
      'If this was not you, reset your password at once and contact us.',
    ],
  },
  alreadyRegistered: {
    subject: (v) => `${v.siteName}: you already have an account`,
    paragraphs: (v) => [
      `Someone, probably you, asked to activate an account at ${v.siteName}. Your account is already active: your login ID is ${v.login}.`,
      'Sign in here:',
      LINK,
      `If you have forgotten your password, ask for a new one on this page: ${v.resetPage}`,
      'If you did not ask for this, you can ignore this e-mail: nothing has changed.',
    ],
  },
  notice: NOTICE,
};

const zh: Catalog = {
  otpCode: {
    subject: (v) => `${v.siteName}：您的登入驗證碼`,
    paragraphs: (v) => [
      `您的一次性登入驗證碼為 ${v.code}。`,
      `驗證碼將於 ${v.minutes} 分鐘後失效，只可使用一次。請勿向任何人透露：我們的職員絕不會向您索取驗證碼。`,
      '如您沒有嘗試登入，請更改密碼。',
    ],
  },
  activation: {
    subject: (v) => `${v.siteName}：啟用您的帳戶`,
    paragraphs: (v) => [
      `歡迎使用 ${v.siteName}。您的登入名稱為 ${v.login}。`,
      `請開啟以下連結設定密碼並啟用帳戶。連結有效期為 ${v.days} 日，只可使用一次。`,
      LINK,
      '如您沒有登記，請忽略此電郵。',
      '如您要求的電郵在 30 分鐘內仍未收到，請重新提出要求。',
    ],
  },
  reset: {
    subject: (v) => `${v.siteName}：重設密碼`,
    paragraphs: (v) => [
      `我們收到重設帳戶 ${v.login} 密碼的要求。`,
      `請開啟以下連結設定新密碼。連結有效期為 ${v.minutes} 分鐘，只可使用一次。`,
      LINK,
      '如您沒有提出此要求，請忽略此電郵，您的密碼將維持不變。',
      '如您要求的電郵在 30 分鐘內仍未收到，請重新提出要求。',
    ],
  },
  passwordChanged: {
    subject: (v) => `${v.siteName}：您的密碼已更改`,
    paragraphs: (v) => [
      `您的帳戶 ${v.login} 的密碼已於 ${v.at}（UTC）更改。`,
      '其他已登入您帳戶的裝置已被登出。',
      '如這並非由您本人進行，請立即重設密碼並與我們聯絡。',
    ],
  },
  alreadyRegistered: {
    subject: (v) => `${v.siteName}：您已擁有帳戶`,
    paragraphs: (v) => [
      `有人（相信是您）要求在 ${v.siteName} 啟用帳戶。您的帳戶已經啟用，登入帳號為 ${v.login}。`,
      '請在此登入：',
      LINK,
      `如您忘記密碼，請在此頁面重設：${v.resetPage}`,
      '如您沒有提出此要求，請忽略此電郵：您的帳戶沒有任何改變。',
    ],
  },
  notice: NOTICE,
};

const ja: Catalog = {
  otpCode: {
    subject: (v) => `${v.siteName}：ログイン確認コード`,
    paragraphs: (v) => [
      `ワンタイムログインコードは ${v.code} です。`,
      `このコードの有効期限は${v.minutes}分で、1回のみ使用できます。他人に教えないでください。当社の担当者がコードをお尋ねすることはありません。`,
      'ログインを試みていない場合は、パスワードを変更してください。',
    ],
  },
  activation: {
    subject: (v) => `${v.siteName}：アカウントの有効化`,
    paragraphs: (v) => [
      `${v.siteName}へようこそ。ログインIDは ${v.login} です。`,
      `以下のリンクを開いてパスワードを設定し、アカウントを有効化してください。リンクの有効期限は${v.days}日間で、1回のみ使用できます。`,
      LINK,
      'ご登録の覚えがない場合は、このメールを破棄してください。',
      'ご依頼のメールが30分以内に届かない場合は、もう一度ご依頼ください。',
    ],
  },
  reset: {
    subject: (v) => `${v.siteName}：パスワードの再設定`,
    paragraphs: (v) => [
      `アカウント ${v.login} のパスワード再設定のご依頼を受け付けました。`,
      `以下のリンクを開いて新しいパスワードを設定してください。リンクの有効期限は${v.minutes}分で、1回のみ使用できます。`,
      LINK,
      'お心当たりがない場合は、このメールを破棄してください。パスワードは変更されません。',
      'ご依頼のメールが30分以内に届かない場合は、もう一度ご依頼ください。',
    ],
  },
  passwordChanged: {
    subject: (v) => `${v.siteName}：パスワードが変更されました`,
    paragraphs: (v) => [
      `アカウント ${v.login} のパスワードが ${v.at}（UTC）に変更されました。`,
      'このアカウントにログインしていた他の端末はログアウトされました。',
      'お心当たりがない場合は、直ちにパスワードを再設定し、当社までご連絡ください。',
    ],
  },
  alreadyRegistered: {
    subject: (v) => `${v.siteName}：アカウントは既に有効です`,
    paragraphs: (v) => [
      `${v.siteName} でアカウントの有効化が申請されました（おそらくご本人様によるものです）。アカウントは既に有効で、ログインIDは ${v.login} です。`,
      'こちらからサインインしてください：',
      LINK,
      `パスワードをお忘れの場合は、こちらのページで再設定してください：${v.resetPage}`,
      'お心当たりがない場合は、このメールを無視してください。アカウントは変更されていません。',
    ],
  },
  notice: NOTICE,
};

const kr: Catalog = {
  otpCode: {
    subject: (v) => `${v.siteName}: 로그인 인증 코드`,
    paragraphs: (v) => [
      `일회용 로그인 인증 코드는 ${v.code} 입니다.`,
      `이 코드는 ${v.minutes}분 후에 만료되며 한 번만 사용할 수 있습니다. 누구에게도 알려 주지 마십시오. 당사 직원은 절대 코드를 요청하지 않습니다.`,
      '로그인을 시도하지 않으셨다면 비밀번호를 변경해 주십시오.',
    ],
  },
  activation: {
    subject: (v) => `${v.siteName}: 계정 활성화`,
    paragraphs: (v) => [
      `${v.siteName}에 오신 것을 환영합니다. 로그인 ID는 ${v.login} 입니다.`,
      `아래 링크를 열어 비밀번호를 설정하고 계정을 활성화해 주십시오. 링크는 ${v.days}일 동안 유효하며 한 번만 사용할 수 있습니다.`,
      LINK,
      '등록하지 않으셨다면 이 이메일을 무시하셔도 됩니다.',
      '요청하신 이메일이 30분 이내에 도착하지 않으면 다시 요청해 주십시오.',
    ],
  },
  reset: {
    subject: (v) => `${v.siteName}: 비밀번호 재설정`,
    paragraphs: (v) => [
      `계정 ${v.login}의 비밀번호 재설정 요청을 받았습니다.`,
      `아래 링크를 열어 새 비밀번호를 설정해 주십시오. 링크는 ${v.minutes}분 동안 유효하며 한 번만 사용할 수 있습니다.`,
      LINK,
      '요청하지 않으셨다면 이 이메일을 무시해 주십시오. 비밀번호는 변경되지 않습니다.',
      '요청하신 이메일이 30분 이내에 도착하지 않으면 다시 요청해 주십시오.',
    ],
  },
  passwordChanged: {
    subject: (v) => `${v.siteName}: 비밀번호가 변경되었습니다`,
    paragraphs: (v) => [
      `계정 ${v.login}의 비밀번호가 ${v.at}(UTC)에 변경되었습니다.`,
      '이 계정에 로그인되어 있던 다른 기기는 로그아웃되었습니다.',
      '본인이 변경하지 않으셨다면 즉시 비밀번호를 재설정하고 당사에 연락해 주십시오.',
    ],
  },
  alreadyRegistered: {
    subject: (v) => `${v.siteName}: 이미 계정이 있습니다`,
    paragraphs: (v) => [
      `${v.siteName}에서 계정 활성화 요청이 있었습니다(아마도 본인 요청). 계정은 이미 활성화되어 있으며 로그인 ID는 ${v.login}입니다.`,
      '여기에서 로그인하십시오:',
      LINK,
      `비밀번호를 잊으셨다면 이 페이지에서 재설정하십시오: ${v.resetPage}`,
      '요청하지 않으셨다면 이 이메일을 무시하셔도 됩니다. 계정에는 아무 변경도 없습니다.',
    ],
  },
  notice: NOTICE,
};

const catalogs: Record<Language, Catalog> = { en, zh, ja, kr };

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Renders one e-mail: plain text, and simple HTML with the same paragraphs (every value escaped). */
export function renderMail<K extends MailKind>(
  kind: K,
  language: Language,
  to: string,
  vars: MailVars[K],
): MailMessage {
  const template = catalogs[language][kind] as Template<MailVars[K]>;
  const link = 'link' in vars ? String(vars.link) : '';
  const paragraphs = template.paragraphs(vars).map((p) => (p === LINK ? link : p));
  const subject = template.subject(vars);
  const htmlParagraphs = template
    .paragraphs(vars)
    .map((p) =>
      p === LINK ? `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` : `<p>${escapeHtml(p)}</p>`,
    );
  const html = [
    '<!doctype html>',
    `<html><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family: Arial, sans-serif; font-size: 14px; color: #222;">',
    `<h2 style="font-size: 16px;">${escapeHtml(vars.siteName)}</h2>`,
    ...htmlParagraphs,
    '</body></html>',
  ].join('\n');
  const text = [...paragraphs, '', `-- ${vars.siteName}`].join('\n\n');
  return { to, subject, text, html };
}

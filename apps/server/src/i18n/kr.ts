import type { Messages } from './en.js';

export const kr: Messages = {
  errors: {
    notFound: '페이지를 찾을 수 없습니다',
    unauthorized: '로그인해 주십시오.',
    forbidden: '이 페이지에 대한 접근 권한이 없습니다.',
    csrf: '세션이 만료되었습니다. 다시 시도해 주십시오.',
    badRequest: '요청이 올바르지 않습니다.',
    tooManyRequests: '시도 횟수가 너무 많습니다. 잠시 후 다시 시도해 주십시오.',
    internal: '오류가 발생했습니다. 잠시 후 다시 시도해 주십시오.',
    unavailable: '서비스를 종료하는 중입니다. 잠시 후 다시 시도해 주십시오.',
    databaseUnavailable: '일시적으로 서비스를 이용할 수 없습니다. 잠시 후 다시 시도해 주십시오.',
  },
  validation: {
    required: '비워 둘 수 없습니다',
    invalid: '올바르지 않습니다',
    invalidCharacters: '사용할 수 없는 문자가 포함되어 있습니다',
    tooShort: '너무 짧습니다 (최소 {{min}}자)',
    tooLong: '너무 깁니다 (최대 {{max}}자)',
    tooSmall: '{{min}} 이상이어야 합니다',
    tooBig: '{{max}} 이하여야 합니다',
    notAllowed: '허용되지 않는 값입니다',
    unknownField: '허용되지 않는 항목입니다',
    pageSize: '페이지 크기는 10, 20 또는 30이어야 합니다',
    reportType: '알 수 없는 보고서 유형입니다',
    otpFormat: '이메일에 있는 6자리 숫자여야 합니다',
    invalidDate: '올바른 날짜가 아닙니다',
    dateRangeReversed: '시작일보다 앞설 수 없습니다',
    passwordLength: '{{min}}~{{max}}자여야 합니다',
    passwordCharacters: '반각 영문자와 숫자만 사용할 수 있습니다',
    passwordSameAsLogin: '로그인 ID와 같을 수 없습니다',
    passwordTooCommon: '너무 흔해서 추측하기 쉽습니다. 다른 비밀번호를 선택해 주십시오',
    passwordConfirmation: '비밀번호와 일치하지 않습니다',
    passwordIncorrect: '현재 비밀번호가 올바르지 않습니다.',
    passwordUnchanged: '현재 비밀번호와 달라야 합니다',
    month: 'YYYY-MM 형식의 월이어야 합니다',
    partyIds: '쉼표로 구분된 계좌 번호여야 합니다',
    tooManyPartyIds: '한 번에 최대 20개 계좌까지 다운로드할 수 있습니다',
  },
  auth: {
    loginFailedClient: '고객 ID 또는 비밀번호가 올바르지 않습니다.',
    loginFailedProducer: '로그인 ID/어드바이저 코드 또는 비밀번호가 올바르지 않습니다.',
    loginFailedStaff: '로그인 ID 또는 비밀번호가 올바르지 않습니다.',
    areaNotOffered: '이 사이트에서는 고객 로그인을 사용할 수 없습니다. 어드바이저 로그인을 이용해 주십시오.',
    accountLocked:
      '로그인 실패가 너무 많습니다. {{minutes}}분 후에 다시 시도하시거나 비밀번호를 재설정해 주십시오.',
    tooManyAttempts: '시도 횟수가 너무 많습니다. {{minutes}}분 후에 다시 시도해 주십시오.',
    otpNoEmail: '등록된 이메일 주소가 없어 인증 코드를 보낼 수 없습니다. 당사에 문의해 주십시오.',
    otpInvalid: '인증 코드가 올바르지 않습니다.',
    otpExpired: '인증 코드가 만료되었거나 시도 횟수를 초과했습니다. 새 코드를 요청해 주십시오.',
    otpNotPending: '로그인 시간이 초과되었습니다. 다시 로그인해 주십시오.',
    otpResent: '새 인증 코드를 {{email}}(으)로 보냈습니다.',
    otpResendTooSoon: '{{seconds}}초 후에 새 코드를 요청할 수 있습니다.',
    linkInvalid: '이 링크는 유효하지 않거나 만료되었습니다. 다시 요청해 주십시오.',
  },
  statements: {
    monthOutOfRange: '최근 6개월의 명세서만 조회하거나 다운로드할 수 있습니다.',
    noStatement: '이 계좌의 해당 월 명세서가 없습니다.',
    pdfUnavailable:
      'PDF 명세서를 일시적으로 이용할 수 없습니다. 화면에서 명세서를 확인하시거나 잠시 후 다시 시도해 주십시오.',
  },
  /** The render pool (PDF, ZIP, exports): refusals that ask to retry. */
  rendering: {
    userBusy:
      '이전 다운로드를 아직 준비하고 있습니다(동시에 최대 {{limit}}건). 완료된 후 다시 시도해 주십시오.',
    queueFull: '현재 많은 문서를 준비하고 있습니다. 잠시 후 다시 시도해 주십시오.',
  },
  team: {
    moreChildren: '{{count}}명 더…',
  },
  /** Excel exports of producer lists and reports (src/exports/). */
  exports: {
    tooManyRows:
      '이 내보내기는 {{rows}}행입니다. 한 번에 최대 {{limit}}행까지 내보낼 수 있습니다. 검색 범위를 좁혀(예: 기간 단축 또는 설계사 수 축소) 다시 내보내 주십시오.',
  },
  lists: {
    followupType: {
      type1: '주소 변경',
      type2: '수익자 변경',
      type3: '펀드 변경',
      type4: '부분 인출',
      type5: '보험료 납입 유예',
      type6: '보험료 미납',
      type7: '갱신',
      type8: '보험금 청구',
      type9: '보험계약 대출',
      type10: '납입 방법 변경',
    },
  },
};

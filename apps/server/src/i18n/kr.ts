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
  },
  validation: {
    required: '비워 둘 수 없습니다',
    invalid: '올바르지 않습니다',
    tooShort: '너무 짧습니다 (최소 {{min}}자)',
    tooLong: '너무 깁니다 (최대 {{max}}자)',
    tooSmall: '{{min}} 이상이어야 합니다',
    tooBig: '{{max}} 이하여야 합니다',
    notAllowed: '허용되지 않는 값입니다',
    unknownField: '허용되지 않는 항목입니다',
    pageSize: '페이지 크기는 10, 20 또는 30이어야 합니다',
    reportType: '알 수 없는 보고서 유형입니다',
  },
};

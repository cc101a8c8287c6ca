import type { Language } from '@portal/contract';
import { translator } from '../../../i18n/index.js';

/** A discretionary mandate's service type (D, N, T) in the reader's language; blank for plans without one. */
export function serviceTypeWord(language: Language, code: string | null): string {
  if (code === 'D' || code === 'N' || code === 'T')
    return translator(language)(`planReports.serviceType${code}`);
  return code ?? '';
}

import { z } from 'zod';
import { defineReport } from '../define-report.js';
import { PLAN_REPORT_HEADERS as P } from './plan-report-columns.js';
import { REPORT_HEADERS as H, isoDate, label } from './report-columns.js';

/**
 * Type 6, birthday: the clients owning plans of the scope whose birthday falls in the chosen month (next month by
 * default), in day order, with the age they turn and how to reach them, so the consultant can send a card or call.
 * A client born on 29 February is listed in February; in a common year the birthday is dated 28 February.
 */
export const birthdayReport = defineReport({
  type: 6,
  title: label('Birthday', '生日', '誕生日', '생일'),
  purpose: label(
    'Clients whose birthday falls in the month, with the age they turn and their contact details.',
    '生日在所選月份的客戶，連同將屆年齡及聯絡資料。',
    '選択した月に誕生日を迎える顧客と、迎える年齢・連絡先。',
    '선택한 달에 생일인 고객과 맞이하는 나이, 연락처.',
  ),
  filters: ['month', 'excludeStatus'],
  required: ['month'],
  item: z.object({
    clientId: z.number().int(),
    birthDay: z.number().int().min(1).max(31),
    dateOfBirth: isoDate,
    birthday: isoDate,
    age: z.number().int().nonnegative(),
    clientName: z.string(),
    clientNo: z.string(),
    phone: z.string(),
    email: z.string(),
    consultant: z.string(),
  }),
  sortFields: ['birthDay', 'clientName', 'clientNo', 'dateOfBirth', 'consultant'],
  defaultSort: { field: 'birthDay', order: 'asc' },
  columns: [
    { key: 'birthDay', kind: 'int', label: P.birthDay },
    { key: 'clientName', kind: 'text', label: H.clientName, wrap: true, pin: 'start' },
    { key: 'clientNo', kind: 'text', label: H.clientNo },
    { key: 'dateOfBirth', kind: 'date', label: H.dateOfBirth },
    { key: 'birthday', kind: 'date', label: P.birthday },
    { key: 'age', kind: 'int', label: P.turningAge },
    { key: 'phone', kind: 'text', label: H.phone },
    { key: 'email', kind: 'text', label: H.email },
    { key: 'consultant', kind: 'text', label: H.consultant },
  ],
});

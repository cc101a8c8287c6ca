/** Server-side texts in English; the other catalogs must carry every key (checked by the type below). */
export const en = {
  errors: {
    notFound: 'Page Not Found',
    unauthorized: 'Please sign in to continue.',
    forbidden: 'You do not have access to this page.',
    csrf: 'Your session has expired. Please try again.',
    badRequest: 'The request is not valid.',
    tooManyRequests: 'Too many attempts. Please wait and try again.',
    internal: 'Something went wrong. Please try again later.',
    unavailable: 'The service is shutting down. Please try again in a moment.',
    databaseUnavailable: 'The service is temporarily unavailable. Please try again in a moment.',
  },
  validation: {
    required: 'Cannot be blank',
    invalid: 'Is not valid',
    invalidCharacters: 'Contains characters that are not allowed',
    tooShort: 'Is too short (minimum is {{min}} characters)',
    tooLong: 'Is too long (maximum is {{max}} characters)',
    tooSmall: 'Must be at least {{min}}',
    tooBig: 'Must be at most {{max}}',
    notAllowed: 'Is not an allowed value',
    unknownField: 'Is not an accepted field',
    pageSize: 'Page size must be 10, 20 or 30',
    reportType: 'Is not a known report type',
    otpFormat: 'Must be the 6 digits from the e-mail',
    invalidDate: 'Is not a valid date',
    dateRangeReversed: 'Must not be before the start date',
    passwordLength: 'Must be {{min}} to {{max}} characters',
    passwordCharacters: 'May contain half-width letters and digits only',
    passwordSameAsLogin: 'Must not be the same as the login ID',
    passwordTooCommon: 'Is too common and easy to guess; choose another',
    passwordConfirmation: 'Does not match the password',
    passwordIncorrect: 'The current password is incorrect.',
    passwordUnchanged: 'Must be different from the current password',
    month: 'Must be a month as YYYY-MM',
    partyIds: 'Must be a comma-separated list of account numbers',
    tooManyPartyIds: 'At most 20 accounts can be downloaded at once',
  },
  auth: {
    loginFailedClient: 'Invalid Client ID or password.',
    loginFailedProducer: 'Invalid Login ID / Advisor Code or password.',
    loginFailedStaff: 'Invalid login or password.',
    areaNotOffered: 'Client login is not available on this site. Please use the producer login.',
    accountLocked:
      'Too many failed sign-in attempts. Please try again in {{minutes}} minute(s), or reset your password.',
    tooManyAttempts: 'Too many attempts. Please try again in {{minutes}} minute(s).',
    otpNoEmail:
      'We cannot send you a verification code because no e-mail address is on file. Please contact us.',
    otpInvalid: 'The verification code is incorrect.',
    otpExpired: 'The verification code has expired or was used up. Please request a new code.',
    otpNotPending: 'Your sign-in has timed out. Please sign in again.',
    otpResent: 'A new verification code has been sent to {{email}}.',
    otpResendTooSoon: 'Please wait {{seconds}} s before asking for a new code.',
    linkInvalid: 'This link is invalid or has expired. Please request a new one.',
  },
  statements: {
    monthOutOfRange: 'Only the statements of the last six months can be viewed or downloaded.',
    noStatement: 'There is no statement for this account and month.',
    pdfUnavailable:
      'PDF statements are temporarily unavailable. Please view the statement on screen or try again later.',
  },
  /** The render pool (PDF, ZIP, exports): refusals that ask to retry. */
  rendering: {
    userBusy:
      'Your earlier downloads are still being prepared (at most {{limit}} at a time). Please wait until they finish, then try again.',
    queueFull: 'Many documents are being prepared right now. Please try again in a moment.',
  },
  /** The producer's team tree: the node standing for children left out of one answer. */
  team: {
    moreChildren: '{{count}} more…',
  },
  /** Excel exports of producer lists and reports (src/exports/). */
  exports: {
    tooManyRows:
      'This export would contain {{rows}} rows; at most {{limit}} rows can be exported at once. Please narrow the search (for example a shorter date range or fewer producers) and export again.',
  },
  /** Producer lists (issue 9): follow-up type names of Service Records, by type id. */
  lists: {
    followupType: {
      type1: 'Change of address',
      type2: 'Change of beneficiary',
      type3: 'Fund switching',
      type4: 'Partial withdrawal',
      type5: 'Premium holiday',
      type6: 'Missing premium',
      type7: 'Renewal',
      type8: 'Claim',
      type9: 'Policy loan',
      type10: 'Change of payment method',
    },
  },
};

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };
export type Messages = Shape<typeof en>;

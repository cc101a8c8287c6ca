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
  },
  validation: {
    required: 'Cannot be blank',
    invalid: 'Is not valid',
    tooShort: 'Is too short (minimum is {{min}} characters)',
    tooLong: 'Is too long (maximum is {{max}} characters)',
    tooSmall: 'Must be at least {{min}}',
    tooBig: 'Must be at most {{max}}',
    notAllowed: 'Is not an allowed value',
    unknownField: 'Is not an accepted field',
    pageSize: 'Page size must be 10, 20 or 30',
    reportType: 'Is not a known report type',
  },
};

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };
export type Messages = Shape<typeof en>;

import { pgEnum } from 'drizzle-orm/pg-core';

// Enums live apart from the tables so that schema files referencing each other (users → clients → producers →
// sites) can import them without tripping over a module cycle at evaluation time.
export const siteCodeEnum = pgEnum('site_code', ['afs', 'ipc', 'absg']);
export const userKindEnum = pgEnum('user_kind', ['client', 'producer', 'staff']);
export const userStatusEnum = pgEnum('user_status', ['pending', 'active', 'disabled']);
export const accountTokenPurposeEnum = pgEnum('account_token_purpose', ['activation', 'reset']);

export { createMailer, type Mailer, type MailMessage } from './mailer.js';
export { linkIn, type OutboxMessage, otpCodeIn, parseEml, readLatestMail, waitForMail } from './outbox.js';
export { type MailKind, type MailVars, renderMail } from './templates.js';

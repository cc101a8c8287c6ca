import Bowser from 'bowser';

/**
 * A browser as a person recognises it in their session list and notices ("Chrome 120 on Windows"), from the
 * User-Agent header. Only the major version: the rest says nothing to a person and changes with every update.
 */
export function deviceName(userAgent: string | null | undefined): string | null {
  if (!userAgent) return null;
  const parsed = Bowser.parse(userAgent.slice(0, 500));
  const browser = parsed.browser.name;
  const major = parsed.browser.version?.split('.')[0];
  const os = parsed.os.name;
  if (!browser && !os) return null;
  const name = [browser, major].filter(Boolean).join(' ');
  return (name && os ? `${name} on ${os}` : name || os || '').slice(0, 100) || null;
}

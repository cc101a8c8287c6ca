import { Box, type BoxProps } from '@mantine/core';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/**
 * HTML that comes from data (the life disclaimer of a plan) shown after DOMPurify: scripts, event handlers and
 * javascript: links are removed; links open in a new window without giving it access to the portal.
 */
export function sanitizeHtml(html: string): string {
  const clean = DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form'] });
  // Rewrite links after sanitizing so target/rel cannot be smuggled in by the source.
  const template = document.createElement('template');
  template.innerHTML = clean;
  for (const link of template.content.querySelectorAll('a[href]')) {
    link.setAttribute('target', '_blank');
    link.setAttribute('rel', 'noopener noreferrer');
  }
  return template.innerHTML;
}

export function SanitizedHtml({ html, ...boxProps }: { html: string | null | undefined } & BoxProps) {
  const clean = useMemo(() => (html ? sanitizeHtml(html) : ''), [html]);
  if (!clean) return null;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by DOMPurify just above
  return <Box className="sanitized-html" {...boxProps} dangerouslySetInnerHTML={{ __html: clean }} />;
}

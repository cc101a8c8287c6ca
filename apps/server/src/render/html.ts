const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(value: string | number | null | undefined): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

const ALLOWED_TAGS = new Set(['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'span', 'small']);
const DROPPED_WITH_CONTENT =
  /<(script|style|iframe|object|embed|template|noscript|svg|math)\b[\s\S]*?<\/\1\s*>/gi;

/**
 * Provider-supplied HTML (the life disclaimer) reduced to a few inline formatting tags without any attribute;
 * everything else is escaped text. The output can only contain the allowlisted bare tags, so no script, URL or
 * event handler survives whatever the input. The web still runs DOMPurify on top.
 */
export function sanitizeHtml(input: string): string {
  const source = input.replace(DROPPED_WITH_CONTENT, '').replace(/<!--[\s\S]*?-->/g, '');
  let out = '';
  let last = 0;
  const tag = /<\s*(\/?)\s*([a-zA-Z][a-zA-Z0-9]*)\b[^<>]*?(\/?)\s*>/g;
  for (let m = tag.exec(source); m; m = tag.exec(source)) {
    out += escapeText(source.slice(last, m.index));
    last = m.index + m[0].length;
    const name = (m[2] ?? '').toLowerCase();
    if (!ALLOWED_TAGS.has(name)) continue;
    out += name === 'br' ? '<br>' : `<${m[1] ? '/' : ''}${name}>`;
  }
  return out + escapeText(source.slice(last));
}

/** Escapes text but keeps the character references that were already there (&amp;, &#39;, &nbsp; …). */
function escapeText(text: string): string {
  return text
    .replace(/&(?!(?:[a-zA-Z][a-zA-Z0-9]{1,31}|#\d{1,7}|#x[0-9a-fA-F]{1,6});)/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

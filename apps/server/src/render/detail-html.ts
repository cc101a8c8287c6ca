import type { DetailDocument, DetailSection } from './detail-model.js';
import { orDash } from './detail-model.js';
import { escapeHtml } from './html.js';

/*
 * The HTML fragment a producer detail modal shows (GET /b2b/…_detail/{id}.html). Every value is escaped here; the
 * fragment has no attribute beyond a class and no URL, so it survives the web's DOMPurify pass unchanged.
 */

function section(s: DetailSection): string {
  const heading = `<h3 class="detail-heading">${escapeHtml(s.heading)}</h3>`;
  switch (s.kind) {
    case 'facts': {
      const rows = s.facts
        .map(
          (f) =>
            `<tr><th scope="row">${escapeHtml(f.label)}</th><td>${escapeHtml(orDash(f.value))}</td></tr>`,
        )
        .join('');
      return `<section class="detail-section">${heading}<table class="detail-facts"><tbody>${rows}</tbody></table></section>`;
    }
    case 'table': {
      if (s.rows.length === 0)
        return `<section class="detail-section">${heading}<p>${escapeHtml(s.empty)}</p></section>`;
      const head = s.columns.map((c) => `<th scope="col">${escapeHtml(c)}</th>`).join('');
      const body = s.rows
        .map((r) => `<tr>${r.map((cell) => `<td>${escapeHtml(orDash(cell))}</td>`).join('')}</tr>`)
        .join('');
      return `<section class="detail-section">${heading}<table class="detail-table"><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></section>`;
    }
    case 'text':
      return `<section class="detail-section">${heading}<p class="detail-text">${escapeHtml(orDash(s.text)).replace(/\n/g, '<br>')}</p></section>`;
  }
}

/**
 * The fragment has no title of its own: the modal that shows it carries the title (its dialog's name), and a second
 * heading with the same words made screen readers and the eye read it twice. The PDF prints the title.
 */
export function detailHtml(doc: DetailDocument): string {
  const subtitle = doc.subtitle ? `<p class="detail-subtitle">${escapeHtml(doc.subtitle)}</p>` : '';
  return `<div class="detail" lang="${escapeHtml(doc.language === 'kr' ? 'ko' : doc.language === 'zh' ? 'zh-Hant' : doc.language)}">${subtitle}${doc.sections.map(section).join('')}</div>`;
}

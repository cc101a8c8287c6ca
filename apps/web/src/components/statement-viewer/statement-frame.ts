/**
 * Statement frame sizing (docs/web.md, "Client area"): once a statement has loaded, a frame whose content is taller
 * than 200 px is resized to the content height plus 50; shorter content keeps the frame's initial height.
 */
export const STATEMENT_FRAME_INITIAL_HEIGHT = 200;
export const STATEMENT_FRAME_RESIZE_THRESHOLD = 200;
export const STATEMENT_FRAME_EXTRA = 50;

export function statementFrameHeight(contentHeight: number, currentHeight: number): number {
  return contentHeight > STATEMENT_FRAME_RESIZE_THRESHOLD
    ? contentHeight + STATEMENT_FRAME_EXTRA
    : currentHeight;
}

/** Reads the loaded document's height (same-origin srcdoc frame) and applies the rule; returns the new height. */
export function resizeStatementFrame(frame: HTMLIFrameElement): number {
  const current = frame.getBoundingClientRect().height || STATEMENT_FRAME_INITIAL_HEIGHT;
  const doc = frame.contentDocument;
  const content = doc ? Math.max(doc.documentElement?.scrollHeight ?? 0, doc.body?.scrollHeight ?? 0) : 0;
  const next = statementFrameHeight(content, current);
  frame.style.height = `${next}px`;
  return next;
}

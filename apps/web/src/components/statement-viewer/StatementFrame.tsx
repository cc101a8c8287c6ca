import { resizeStatementFrame, STATEMENT_FRAME_INITIAL_HEIGHT } from './statement-frame';

/**
 * The statement's HTML in a sandboxed frame. `allow-same-origin` without `allow-scripts`: nothing in the
 * statement can run, and the portal can still measure the document to size the frame. A new srcdoc reloads the
 * frame, and each load is measured again.
 */
export function StatementFrame({ html, title }: { html: string; title: string }) {
  return (
    <iframe
      title={title}
      srcDoc={html}
      sandbox="allow-same-origin allow-popups"
      onLoad={(event) => resizeStatementFrame(event.currentTarget)}
      data-testid="statement-frame"
      style={{
        display: 'block',
        width: '100%',
        height: STATEMENT_FRAME_INITIAL_HEIGHT,
        border: 0,
        background: '#fff',
      }}
    />
  );
}

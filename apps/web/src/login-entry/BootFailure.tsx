import { useT } from './translator';

/** "Fail fetching data" plus the server's message (docs/product.md, "Messages everyone sees") and a retry, like the
 * SPA's FetchError.
 */
export function BootFailure({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useT();
  const message = error instanceof Error ? error.message : error ? String(error) : '';
  return (
    <main className="boot-failure">
      <div className="alert alert-red" role="alert">
        <div className="alert-title">{t('app.failFetchingData')}</div>
        <div className="alert-body stack stack-sm">
          {message && <p className="text-sm">{message}</p>}
          <button type="button" className="button button-white button-xs" onClick={onRetry}>
            {t('app.retry')}
          </button>
        </div>
      </div>
    </main>
  );
}

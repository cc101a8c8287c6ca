import { request } from 'node:http';

/** One Server-Sent Event as a browser's EventSource sees it. */
export interface StreamEvent {
  id?: string;
  event: string;
  data: string;
}

/**
 * A minimal EventSource over node:http (which, unlike fetch, may send the site's Host header): events as they
 * arrive, `next(predicate)` waits for one (rejecting after `ms`), `close()` ends the connection.
 */
export async function openEventStream(
  url: string,
  headers: Record<string, string>,
): Promise<{
  status: number;
  events: StreamEvent[];
  comments: number;
  next(match: (e: StreamEvent) => boolean, ms?: number): Promise<StreamEvent>;
  close(): void;
}> {
  return new Promise((resolve, reject) => {
    const events: StreamEvent[] = [];
    const waiters: { match: (e: StreamEvent) => boolean; done: (e: StreamEvent) => void }[] = [];
    const req = request(url, { headers: { accept: 'text/event-stream', ...headers } }, (res) => {
      let buffer = '';
      const stream = {
        status: res.statusCode ?? 0,
        events,
        comments: 0,
        next(match: (e: StreamEvent) => boolean, ms = 2000) {
          const seen = events.find(match);
          if (seen) return Promise.resolve(seen);
          return new Promise<StreamEvent>((ok, fail) => {
            const timer = setTimeout(() => fail(new Error('no such event in time')), ms);
            waiters.push({
              match,
              done: (e) => {
                clearTimeout(timer);
                ok(e);
              },
            });
          });
        },
        close: () => req.destroy(),
      };
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event: StreamEvent = { event: 'message', data: '' };
          let fields = 0;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) stream.comments++;
            else if (line.startsWith('id: ')) event.id = line.slice(4);
            else if (line.startsWith('event: ')) event.event = line.slice(7);
            else if (line.startsWith('data: ')) event.data = line.slice(6);
            else continue;
            fields++;
          }
          if (fields === 0 || (!event.data && !event.id)) continue;
          events.push(event);
          for (const waiter of [...waiters])
            if (waiter.match(event)) {
              waiters.splice(waiters.indexOf(waiter), 1);
              waiter.done(event);
            }
        }
      });
      res.on('error', () => {});
      resolve(stream);
    });
    req.on('error', (err) => {
      if (!req.destroyed) reject(err);
    });
    req.end();
  });
}

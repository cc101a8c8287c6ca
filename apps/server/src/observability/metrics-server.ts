import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';

export interface MetricsListener {
  server: Server;
  /** The port it listens on (METRICS_PORT, or the one the system chose for 0). */
  port: number;
  close(): Promise<void>;
}

/**
 * `GET /metrics` in Prometheus' text format on a listener of its own (METRICS_HOST:METRICS_PORT), never on the
 * public port: the figures name routes and queues an outsider has no business seeing, and a scraper must reach them
 * while the public port sheds load. Anything else answers 404.
 */
export async function listenForMetrics(
  registry: Registry,
  host: string,
  port: number,
): Promise<MetricsListener> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
      (err: Error) => response.writeHead(500, { 'content-type': 'text/plain' }).end(`${err.message}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    server,
    port: (server.address() as AddressInfo).port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

// `npm start`: builds when the sources changed (build-if-changed.mjs), then runs the compiled server
// (apps/server/dist/main.js) with plain Node, no TypeScript loader. Arguments after `npm start --` go to the server.
//
// Signals. The server drains on SIGTERM/SIGINT and exits at once on a second one (shutdown.ts), so it must get
// each signal exactly once:
// - the root package.json runs this file with `exec`, so npm's shell is replaced by this launcher and the signals
//   npm passes on (SIGINT, SIGTERM) reach it (a shell waiting for a child would die without passing them on);
// - the server runs in a process group of its own, so a signal sent to the whole group (a terminal's Ctrl-C,
//   systemd's control-group stop) reaches it only through this launcher;
// - that group signal reaches this launcher both directly and through npm, within milliseconds: a repeat within
//   DUPLICATE_MS is that echo and is not passed on; a later one (an operator insisting) is;
// - SIGHUP (the terminal closed) becomes SIGTERM, a drain: the server has no SIGHUP handler.
// The launcher then exits with the server's code (128 + signal number if the server died of a signal).
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { join } from 'node:path';
import { buildIfChanged, REPO_ROOT } from './build-if-changed.mjs';

const DUPLICATE_MS = 500;

try {
  buildIfChanged();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

const server = spawn(
  process.execPath,
  [join(REPO_ROOT, 'apps/server/dist/main.js'), ...process.argv.slice(2)],
  {
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  },
);

let lastForwarded = 0;
const forward = (signal) => {
  const now = Date.now();
  if (now - lastForwarded < DUPLICATE_MS) return;
  lastForwarded = now;
  if (server.exitCode === null && server.signalCode === null) server.kill(signal);
};
process.on('SIGTERM', () => forward('SIGTERM'));
process.on('SIGINT', () => forward('SIGINT'));
process.on('SIGHUP', () => forward('SIGTERM'));

server.on('error', (error) => {
  console.error(`could not start the server: ${error.message}`);
  process.exit(1);
});
server.on('exit', (code, signal) => {
  process.exit(code ?? 128 + (constants.signals[signal] ?? 0));
});

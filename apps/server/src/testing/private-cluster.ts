import { execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A PostgreSQL cluster of our own, in a temporary folder on a free port, that may be frozen, stopped and restarted.
 * Fault tests use it so that they never touch the PostgreSQL server other people (and other test runs) share.
 */
export interface PrivateCluster {
  port: number;
  /** The server's log (with `log_statement=all` in `settings`, every statement it ran). */
  logFile: string;
  /** URL of the `postgres` database as the superuser (trust authentication, local only). */
  url: string;
  /** SIGSTOP to the postmaster and every backend: the server keeps its sockets but answers nothing. */
  freeze(): void;
  thaw(): void;
  /** `pg_ctl stop -m fast`: sessions terminated (57P01), then connection refused. */
  stop(): void;
  start(): void;
  /** Stops the cluster (whatever its state) and deletes its folder. */
  destroy(): void;
}

export const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** initdb refuses to run as root: as root, run the PostgreSQL tools as the postgres user. */
function runAsOwner(binary: string, args: string[]): string {
  const command = join(PG_BIN, binary);
  const asRoot = process.getuid?.() === 0;
  return execFileSync(
    asRoot ? 'runuser' : command,
    asRoot ? ['-u', 'postgres', '--', command, ...args] : args,
    {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
}

function ownerIds(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  const [, , uid, gid] = line?.split(':') ?? [];
  if (!uid || !gid) throw new Error('running as root needs a postgres user to own the cluster');
  return { uid: Number(uid), gid: Number(gid) };
}

export interface PrivateClusterOptions {
  /**
   * A streaming replica of this cluster: its data directory is copied with `pg_basebackup -R` (standby.signal and
   * primary_conninfo written), so it starts as a hot standby replaying the primary's WAL. The primary's default
   * pg_hba (initdb with trust) admits replication from 127.0.0.1.
   */
  replicaOf?: PrivateCluster;
  /** More `-c name=value` server settings, e.g. `-c log_statement=all`. */
  settings?: string;
}

export async function startPrivateCluster(options: PrivateClusterOptions = {}): Promise<PrivateCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'portal-pg-'));
  const owner = ownerIds();
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const data = join(dir, 'data');
  const log = join(dir, 'server.log');
  const port = await freePort();
  if (options.replicaOf) {
    const source = options.replicaOf;
    runAsOwner('pg_basebackup', [
      ...['-h', '127.0.0.1', '-p', String(source.port), '-U', 'postgres'],
      ...['-D', data, '-R', '-X', 'stream', '--no-sync', '-c', 'fast'],
    ]);
  } else {
    runAsOwner('initdb', [
      '-D',
      data,
      '-U',
      'postgres',
      '-A',
      'trust',
      '--no-sync',
      '-E',
      'UTF8',
      '--locale=C',
    ]);
  }
  const baseOptions = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`;
  const serverOptions = options.settings ? `${baseOptions} ${options.settings}` : baseOptions;
  const start = () =>
    runAsOwner('pg_ctl', ['start', '-D', data, '-l', log, '-w', '-t', '30', '-o', serverOptions]);
  const stop = (mode: 'fast' | 'immediate') => runAsOwner('pg_ctl', ['stop', '-D', data, '-m', mode, '-w']);
  start();

  /** The postmaster's pid is the first line of postmaster.pid; its children are the backends and workers. */
  const processes = (): number[] => {
    const postmaster = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
    const children = execFileSync('ps', ['-o', 'pid=', '--ppid', String(postmaster)], { encoding: 'utf8' })
      .split('\n')
      .map((l) => Number(l.trim()))
      .filter((pid) => pid > 0);
    return [postmaster, ...children];
  };
  const signal = (sig: NodeJS.Signals) => {
    for (const pid of processes()) {
      try {
        process.kill(pid, sig);
      } catch {
        // A backend that ended between the listing and the signal.
      }
    }
  };

  let frozen = false;
  return {
    port,
    logFile: log,
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    freeze: () => {
      signal('SIGSTOP');
      frozen = true;
    },
    thaw: () => {
      signal('SIGCONT');
      frozen = false;
    },
    stop: () => stop('fast'),
    start,
    destroy: () => {
      try {
        if (frozen) signal('SIGCONT');
        stop('immediate');
      } catch {
        // Already stopped.
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

import type { LoadOptions, Ratio } from './http-load.js';
import type { PortalUser } from './portal-session.js';
import type { ServerProcess } from './processes.js';

/** A judged check that is not a timing (rows read, a session written or not): it fails the run like a ratio. */
export interface Check {
  name: string;
  value: string;
  pass: boolean;
}

/** Load settings of the run: 3 × 3 s at 32 connections, or --quick's 1 × 1 s. */
export interface LoadSettings extends LoadOptions {
  reps: number;
}

/** What every HTTP case gets: the two servers, who is signed in, and how hard to push. */
export interface BenchContext {
  portal: ServerProcess;
  bare: ServerProcess;
  load: LoadSettings;
  /** PostgreSQL: ratios are judged. PGlite: printed as indicative, except the documents, SPA and start cases. */
  postgres: boolean;
  databaseUrl: string | undefined;
  /** The portal's DATA_DIR (its outbox is there). */
  dataDir: string;
  users: {
    client: PortalUser;
    client2: PortalUser;
    producer: PortalUser;
    staff: PortalUser;
  };
}

export interface CaseOutput {
  ratios: Ratio[];
  checks: Check[];
  /** Extra tables printed after the main one (titles → rows). */
  tables?: { title: string; rows: Record<string, unknown>[] }[];
}

export const emptyOutput = (): CaseOutput => ({ ratios: [], checks: [] });

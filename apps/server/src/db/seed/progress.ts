/*
 * Progress of a long generator run on stderr (stdout keeps the summary a script may read). On a terminal, one bar
 * redrawn in place: `[####……] 43% 412,000/960,000 policies · 21,300 rows/s · ETA 3:12`; elsewhere (CI, a log
 * file) one such line every 10 seconds, so a log shows the rate without thousands of redraws.
 */

const BAR_WIDTH = 24;
const thousands = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** 192 → "3:12", 3_725 → "1:02:05"; unknown (no progress yet) → "--:--". */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '--:--';
  const whole = Math.round(seconds);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

export interface ProgressFigures {
  done: number;
  total: number;
  /** What `done` counts ("policies", "clients"). */
  unit: string;
  /** Rows written in the phase so far (every table), for the rate. */
  rows: number;
  elapsedSeconds: number;
}

/**
 * One progress line. The rate is rows of every table per second since the phase began; the ETA assumes the rest of
 * the phase goes at the pace of what is done (`elapsed × left ÷ done`).
 */
export function formatProgress(f: ProgressFigures): string {
  const fraction = f.total > 0 ? Math.min(1, Math.max(0, f.done / f.total)) : 0;
  const filled = Math.round(fraction * BAR_WIDTH);
  const bar = `[${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}]`;
  const rate = f.elapsedSeconds > 0 ? f.rows / f.elapsedSeconds : 0;
  const eta = f.done > 0 ? (f.elapsedSeconds * (f.total - f.done)) / f.done : Number.NaN;
  return `${bar} ${Math.floor(fraction * 100)}% ${thousands.format(f.done)}/${thousands.format(f.total)} ${f.unit} · ${thousands.format(rate)} rows/s · ETA ${formatDuration(eta)}`;
}

export interface PhaseResult {
  name: string;
  seconds: number;
  rows: number;
}

export interface ProgressOptions {
  /** Where lines go; default process.stderr. */
  write?: (text: string) => void;
  /** Redraw in place; default: stderr is a terminal. */
  tty?: boolean;
  /** Seconds between lines when not a terminal. */
  intervalSeconds?: number;
  now?: () => number;
}

/** Phases of a run, each with a bar; `phases` keeps the time and rows of each for the summary. */
export class Progress {
  readonly phases: PhaseResult[] = [];
  private readonly write: (text: string) => void;
  private readonly tty: boolean;
  private readonly intervalMs: number;
  private readonly now: () => number;
  private current: { name: string; total: number; unit: string; started: number } | null = null;
  private last = { done: 0, rows: 0 };
  private lastDrawn = Number.NEGATIVE_INFINITY;
  /** The figures of the line last written, so a phase's end does not repeat a line a log already has. */
  private lastWritten = '';

  constructor(options: ProgressOptions = {}) {
    this.write = options.write ?? ((text) => process.stderr.write(text));
    this.tty = options.tty ?? process.stderr.isTTY === true;
    this.intervalMs = (options.intervalSeconds ?? 10) * 1000;
    this.now = options.now ?? (() => performance.now());
  }

  /** Starts a phase (ending the one before): `total` of `unit` to do. */
  begin(name: string, total: number, unit: string): void {
    this.end();
    this.current = { name, total, unit, started: this.now() };
    this.last = { done: 0, rows: 0 };
    this.lastDrawn = Number.NEGATIVE_INFINITY;
    this.lastWritten = '';
  }

  update(done: number, rows: number): void {
    if (!this.current) return;
    this.last = { done, rows };
    const t = this.now();
    // A terminal redraws at most 5 times a second; a log gets a line every interval.
    if (t - this.lastDrawn < (this.tty ? 200 : this.intervalMs)) return;
    this.lastDrawn = t;
    this.draw(false);
  }

  /** Ends the current phase, printing its final line and keeping its figures. */
  end(): void {
    const phase = this.current;
    if (!phase) return;
    this.draw(true);
    this.phases.push({
      name: phase.name,
      seconds: (this.now() - phase.started) / 1000,
      rows: this.last.rows,
    });
    this.current = null;
  }

  private draw(final: boolean): void {
    const phase = this.current;
    if (!phase) return;
    const figures = `${this.last.done}/${this.last.rows}`;
    if (final && !this.tty && figures === this.lastWritten) return;
    this.lastWritten = figures;
    const line = `${phase.name}: ${formatProgress({
      done: this.last.done,
      total: phase.total,
      unit: phase.unit,
      rows: this.last.rows,
      elapsedSeconds: (this.now() - phase.started) / 1000,
    })}`;
    if (this.tty) this.write(`\r${line}\x1b[K${final ? '\n' : ''}`);
    else this.write(`${line}\n`);
  }
}

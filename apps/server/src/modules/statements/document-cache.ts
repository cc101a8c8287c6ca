import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { statementHtmlEngineVersion, statementPdfEngineVersion } from '../../render/engine-version.js';
import type { StatementDocument } from '../../render/statement-model.js';
import { insertRenderedDocument, selectRenderedDocument } from './queries.js';

export type CachedKind = 'statement-pdf' | 'statement-html';

export interface DocumentCacheSettings {
  /** False: every statement is built and rendered anew, nothing is read or stored (BENCH_NO_DOC_CACHE=1). */
  enabled: boolean;
  /** Bound of the in-process HTML copies, in bytes of UTF-8. */
  htmlMaxBytes: number;
  /** Bound of the remembered (statement, version) → key entries. */
  maxKeys: number;
  /**
   * How long a remembered key is trusted. Its version covers what changes in place (snapshots, names, plans,
   * letterhead); the rest (a product renamed, allocations changed) is picked up when it runs out.
   */
  keyTtlMs: number;
}

export const DEFAULT_DOCUMENT_CACHE: DocumentCacheSettings = {
  enabled: true,
  htmlMaxBytes: 64 * 1024 * 1024,
  maxKeys: 20_000,
  keyTtlMs: 5 * 60_000,
};

/** The settings of a server process: the defaults, unless the benchmark asks for cold renders. */
export function documentCacheSettings(env: NodeJS.ProcessEnv = process.env): DocumentCacheSettings {
  return { ...DEFAULT_DOCUMENT_CACHE, enabled: env.BENCH_NO_DOC_CACHE !== '1' };
}

/** A statement the requester may read, as checked by the access query, with the version of its inputs. */
export interface StatementIdentity {
  accountId: number;
  month: string;
  language: string;
  currency: string | undefined;
  version: string;
}

/** Work done, for tests and the benchmark. */
export interface DocumentCacheCounters {
  /** Served without building the statement (a remembered key, then the stored document). */
  keyHits: number;
  /** Documents found already rendered (in this process or the table). */
  documentHits: number;
  /** Documents rendered. */
  renders: number;
}

/**
 * Rendered statements, content-addressed (decision 025). A document's key is the SHA-256 of its kind, the engine
 * version (renderer revision, libraries, fonts) and the JSON of the statement document model(s) it prints: whatever
 * changes in a snapshot, a client's name or the letterhead changes the model, hence the key, so nothing is ever
 * invalidated and one table serves every server process. PDFs live in `rendered_documents`; HTML, cheap to store and
 * asked for more often, in a bounded in-process LRU. A second, per-process map remembers the key of a statement
 * (account, month, language, currency) at a version of its inputs read by the access query, so that a repeated
 * request skips building the model too. Every lookup comes after the access check: the caller holds the checked
 * statement before it may ask.
 */
export class DocumentCache {
  readonly counters: DocumentCacheCounters = { keyHits: 0, documentHits: 0, renders: 0 };
  readonly #keys = new Map<string, { key: string; expires: number }>();
  readonly #html = new Map<string, Buffer>();
  #htmlBytes = 0;

  constructor(
    private readonly db: Db,
    private readonly settings: DocumentCacheSettings,
    private readonly pdfFontPath: string | undefined,
    private readonly log?: FastifyBaseLogger,
  ) {}

  get enabled(): boolean {
    return this.settings.enabled;
  }

  /** The content key of `docs` rendered as `kind`: one statement, or a bundle in this order. */
  documentKey(kind: CachedKind, docs: StatementDocument[]): string {
    const engine =
      kind === 'statement-pdf' ? statementPdfEngineVersion(this.pdfFontPath) : statementHtmlEngineVersion();
    return createHash('sha256').update(`${kind}\n${engine}\n`).update(JSON.stringify(docs)).digest('hex');
  }

  /** The key remembered for a checked statement at this version, if still trusted. */
  knownKey(kind: CachedKind, statement: StatementIdentity, now: number): string | undefined {
    if (!this.settings.enabled) return undefined;
    const id = identityKey(kind, statement);
    const entry = this.#keys.get(id);
    if (!entry) return undefined;
    if (entry.expires <= now) {
      this.#keys.delete(id);
      return undefined;
    }
    return entry.key;
  }

  remember(kind: CachedKind, statement: StatementIdentity, key: string, now: number): void {
    if (!this.settings.enabled) return;
    const id = identityKey(kind, statement);
    this.#keys.delete(id);
    if (this.#keys.size >= this.settings.maxKeys) {
      const oldest = this.#keys.keys().next().value;
      if (oldest !== undefined) this.#keys.delete(oldest);
    }
    this.#keys.set(id, { key, expires: now + this.settings.keyTtlMs });
  }

  /** The HTML stored under `key`, freshened in the LRU. */
  html(key: string): Buffer | undefined {
    if (!this.settings.enabled) return undefined;
    const html = this.#html.get(key);
    if (!html) return undefined;
    this.#html.delete(key);
    this.#html.set(key, html);
    this.counters.documentHits++;
    return html;
  }

  storeHtml(key: string, html: Buffer): void {
    this.counters.renders++;
    if (!this.settings.enabled || html.length > this.settings.htmlMaxBytes) return;
    if (this.#html.has(key)) return;
    this.#html.set(key, html);
    this.#htmlBytes += html.length;
    for (const [oldKey, old] of this.#html) {
      if (this.#htmlBytes <= this.settings.htmlMaxBytes) break;
      this.#html.delete(oldKey);
      this.#htmlBytes -= old.length;
    }
  }

  /** The PDF stored under `key` in the shared table. */
  async pdf(key: string): Promise<Buffer | undefined> {
    if (!this.settings.enabled) return undefined;
    const bytes = await selectRenderedDocument(this.db, key);
    if (bytes) this.counters.documentHits++;
    return bytes;
  }

  /**
   * Keeps a rendered PDF for every process. A failed write only costs a later render, so it is logged, never thrown:
   * the download it was rendered for still succeeds.
   */
  async storePdf(key: string, bytes: Buffer): Promise<void> {
    this.counters.renders++;
    if (!this.settings.enabled) return;
    try {
      await insertRenderedDocument(this.db, key, 'statement-pdf', bytes);
    } catch (err) {
      this.log?.warn({ err }, 'rendered statement not cached');
    }
  }
}

const identityKey = (kind: CachedKind, s: StatementIdentity) =>
  JSON.stringify([kind, s.accountId, s.month, s.language, s.currency ?? '', s.version]);

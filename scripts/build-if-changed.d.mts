// Types of build-if-changed.mjs for the TypeScript tests that call it (apps/server/src/production-build.test.ts).
export declare const REPO_ROOT: string;
export declare const BUILD_INPUTS: readonly string[];
export declare const BUILD_OUTPUTS: readonly string[];
export declare const HASH_FILE: string;
export declare function hashBuildInputs(
  root?: string,
  env?: Record<string, string | undefined>,
  inputs?: readonly string[],
): string;
export declare function isBuildCurrent(root: string, hash: string): boolean;
export declare function storeBuildHash(root: string, hash: string): void;
export declare function buildIfChanged(options?: {
  root?: string;
  force?: boolean;
  log?: (line: string) => void;
}): boolean;
export declare const PUBLISHED: readonly { variable: string; dir: string }[];
export declare const LOCK_DIR: string;
export declare function withBuildLock<T>(
  root: string,
  work: () => T,
  options?: { log?: (line: string) => void; pollMs?: number; waitMs?: number },
): T;

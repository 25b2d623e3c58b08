import path from 'node:path';

/** The bench workspace and the repository around it. */
export const BENCH_ROOT = path.resolve(import.meta.dirname, '..');
export const REPO_ROOT = path.resolve(BENCH_ROOT, '..');
export const RESULTS_DIR = path.join(BENCH_ROOT, 'results');

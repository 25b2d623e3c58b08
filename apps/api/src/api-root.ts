import path from 'node:path';

/**
 * The API package's folder (apps/api). This module runs from src/ under tsx and the tests,
 * and from the compiled bundle in dist/ under `npm start` (ADR 13); both sit one level below.
 */
export const API_ROOT = path.resolve(import.meta.dirname, '..');

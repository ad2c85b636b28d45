/**
 * What a structural content check says about a file (docs/decisions/084-upload-content-structure.md):
 * - structure: it is not a well-formed file of its type (a polyglot, a renamed file, damage);
 * - active: well-formed, but carries active content (PDF JavaScript, launch actions or embedded
 *   files; Office macros);
 * - timeout: the check did not finish in its time limit (or its worker ran out of memory).
 */
export type FileVerdict = { ok: true } | { ok: false; reason: 'structure' | 'active' | 'timeout' };

/**
 * The Spanish strings of a worker document reused across the company's contracts (docs/decisions/138).
 */
export const REUSO_MSG = {
};

/**
 * The Spanish strings of the minimum self-evaluation score per contract type and the staff view of scores and overdue plan actions (docs/decisions/142).
 */
export const HABILITACION_MSG = {
};

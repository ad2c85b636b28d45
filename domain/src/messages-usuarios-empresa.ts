/**
 * The Spanish strings of a contractor company's own users: invitation, roles, disabling, who did what (docs/decisions/136).
 */
export const USUARIOS_EMPRESA_MSG = {
};

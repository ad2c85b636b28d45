import { CAPTCHA_HEADER } from '@proveedores/domain';
import { api } from '@/lib/api-client';

/** Both recovery calls carry a solved captcha in the x-captcha header (docs/decisions/078). */
export type RecoveryInput = { identification: string; captcha: string };

/** GET /api/login/forgetpassword/{id}: the masked e-mail of the account (404 when unknown). */
export async function lookupAccount(input: RecoveryInput): Promise<string> {
  const rows = await api.get<Array<{ correo: string }>>(
    `api/login/forgetpassword/${encodeURIComponent(input.identification.trim())}`,
    { auth: false, headers: { [CAPTCHA_HEADER]: input.captcha } },
  );
  return rows[0]?.correo ?? '';
}

/** POST /api/login/forgetpassword/register/{id}?o=m: e-mails a temporary password; empty body. */
export async function sendTemporaryPassword(input: RecoveryInput): Promise<string> {
  const res = await api.post<{ message: string }>(
    `api/login/forgetpassword/register/${encodeURIComponent(input.identification.trim())}?o=m`,
    undefined,
    { auth: false, headers: { [CAPTCHA_HEADER]: input.captcha } },
  );
  return res.message;
}

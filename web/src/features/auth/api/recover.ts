import { api } from '@/lib/api-client';

/** GET /api/login/forgetpassword/{id}: the masked e-mail of the account (404 when unknown). */
export async function lookupAccount(identification: string): Promise<string> {
  const rows = await api.get<Array<{ correo: string }>>(
    `api/login/forgetpassword/${encodeURIComponent(identification.trim())}`,
    {
      auth: false,
    },
  );
  return rows[0]?.correo ?? '';
}

/** POST /api/login/forgetpassword/register/{id}?o=m: e-mails a temporary password; empty body. */
export async function sendTemporaryPassword(identification: string): Promise<string> {
  const res = await api.post<{ message: string }>(
    `api/login/forgetpassword/register/${encodeURIComponent(identification.trim())}?o=m`,
    undefined,
    { auth: false },
  );
  return res.message;
}

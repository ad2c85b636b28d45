import { api } from '@/lib/api-client';
import { encryptPassword } from '@/lib/cipher';

export type SignInInput = {
  username: string;
  password: string;
  captcha: string;
  cipherKey: string;
  /** Staff ('Ingreso funcionarios') sign in through /authenticatead. */
  staff: boolean;
};

/** POST /api/login/authenticate?permiso=1 (contractor) or /api/login/authenticatead (staff). */
export async function signIn(input: SignInInput): Promise<string> {
  const path = input.staff ? 'api/login/authenticatead' : 'api/login/authenticate?permiso=1';
  const body = {
    username: input.username.trim(),
    password: await encryptPassword(input.password, input.cipherKey),
    captcha: input.captcha,
  };
  const res = (await api.post(path, body, { auth: false })) as { token?: unknown };
  // Checked by hand: the login route does not load zod (decision 073).
  if (typeof res?.token !== 'string') throw new Error('login response without token');
  return res.token;
}

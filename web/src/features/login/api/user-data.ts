import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { encryptPassword } from '@/lib/cipher';

type UserDataRow = {
  correo_electronico_notificaciones: string;
  correo?: string;
  /** The user's role in its company (docs/decisions/136); null for staff. */
  rol_empresa?: 'administrador' | 'cargador' | null;
};

/** GET /api/login/userdata: a list whose first item has correo_electronico_notificaciones. */
export const userDataQueryOptions = () =>
  queryOptions({
    queryKey: ['login', 'userdata'],
    queryFn: async () => {
      const rows = await api.get<UserDataRow[]>('api/login/userdata');
      return {
        correoNotificaciones: rows[0]?.correo_electronico_notificaciones ?? '',
        rolEmpresa: rows[0]?.rol_empresa ?? null,
      };
    },
  });

export async function saveNotificationsEmail(correo: string): Promise<string> {
  const res = await api.put<{ message: string }>('api/login/userdata', {
    correo_notificaciones: correo.trim(),
  });
  return res.message;
}

/**
 * POST /api/login/changepassword {Username, Oldpassword, Newpassword, Suid}: both passwords
 * encrypted, the only form the server accepts on this route (docs/decisions/076).
 */
export async function changePassword(input: {
  username: string;
  sessionId: string;
  currentPassword: string;
  newPassword: string;
  cipherKey: string;
}) {
  const res = await api.post<{ message: string }>('api/login/changepassword', {
    Username: input.username,
    Oldpassword: await encryptPassword(input.currentPassword, input.cipherKey),
    Newpassword: await encryptPassword(input.newPassword, input.cipherKey),
    Suid: input.sessionId,
  });
  return res.message;
}

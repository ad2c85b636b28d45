import { queryOptions } from '@tanstack/react-query';
import { loginConfig, type LoginConfig } from '@proveedores/domain';
import { api } from './api-client';

/**
 * Public settings from GET /api/login/config: SST mailbox, password cipher key, captcha challenge
 * URL. Shared by the login screen and the settings page (cipher key for the new password).
 */
export const loginConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['login', 'config'],
    queryFn: async (): Promise<LoginConfig> =>
      loginConfig.parse(await api.get('api/login/config', { auth: false })),
    staleTime: Infinity,
  });

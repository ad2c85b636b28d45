import { createHashRouter, Navigate } from 'react-router';
import { MSG } from '@proveedores/domain';
import { UnderConstruction } from '@/components/under-construction';
import { LoginPage } from '@/features/auth/pages/login-page';
import { PATHS, ROUTES } from '@/lib/paths';
import { DashboardShell } from './dashboard-shell';
import { RequireSession } from './require-session';
import { RootLayout } from './root-layout';

/**
 * Hash routes of section 2 (decision 010). Pages not built yet render <UnderConstruction>; later
 * issues replace an element with a `lazy` import of their feature page.
 */
export const router = createHashRouter([
  {
    element: <RootLayout />,
    children: [
      { path: ROUTES.login, element: <LoginPage /> },
      {
        path: '',
        element: (
          <RequireSession>
            <DashboardShell />
          </RequireSession>
        ),
        children: [
          { index: true, element: <Navigate to={PATHS.home} replace /> },
          {
            path: ROUTES.home,
            lazy: async () => ({ Component: (await import('@/features/home/pages/home-page')).HomePage }),
          },
          {
            path: ROUTES.proveedor,
            lazy: async () => ({
              Component: (await import('@/features/proveedor/pages/proveedor-page')).ProveedorPage,
            }),
          },
          {
            path: ROUTES.sgSst,
            lazy: async () => ({
              Component: (await import('@/features/evidence/pages/sg-sst-page')).SgSstPage,
            }),
          },
          {
            path: ROUTES.ingresoPersonal,
            lazy: async () => ({
              Component: (await import('@/features/personnel/pages/ingreso-personal-page'))
                .IngresoPersonalPage,
            }),
          },
          {
            path: ROUTES.gestionRiesgo,
            lazy: async () => ({
              Component: (await import('@/features/evidence/pages/gestion-riesgo-page')).GestionRiesgoPage,
            }),
          },
          {
            path: ROUTES.retenido,
            lazy: async () => ({
              Component: (await import('@/features/evidence/pages/retenido-page')).RetenidoPage,
            }),
          },
          {
            path: ROUTES.cambiarClave,
            lazy: async () => ({
              Component: (await import('@/features/settings/pages/settings-page')).SettingsPage,
            }),
          },
          {
            path: ROUTES.historial,
            lazy: async () => ({
              Component: (await import('@/features/history/pages/history-page')).HistoryPage,
            }),
          },
          {
            path: ROUTES.reporteSociodemografico,
            lazy: async () => ({
              Component: (await import('@/features/socio-report/pages/socio-report-page')).SocioReportPage,
            }),
          },
          {
            path: ROUTES.listDinamico,
            lazy: async () => ({ Component: (await import('@/features/lists/pages/list-page')).ListPage }),
          },
          {
            path: ROUTES.detalleArchivo,
            lazy: async () => ({
              Component: (await import('@/features/file-viewer/pages/file-viewer-page')).FileViewerPage,
            }),
          },
        ],
      },
      { path: '*', element: <Navigate to={PATHS.login} replace /> },
    ],
  },
]);

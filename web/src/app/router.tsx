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
          { path: ROUTES.home, element: <UnderConstruction title={MSG.pageHome} showHome={false} /> },
          {
            path: ROUTES.proveedor,
            lazy: async () => ({
              Component: (await import('@/features/proveedor/pages/proveedor-page')).ProveedorPage,
            }),
          },
          { path: ROUTES.sgSst, element: <UnderConstruction title={MSG.pageSgSst} /> },
          { path: ROUTES.ingresoPersonal, element: <UnderConstruction title={MSG.pageIngresoPersonal} /> },
          { path: ROUTES.gestionRiesgo, element: <UnderConstruction title={MSG.pageGestionRiesgo} /> },
          { path: ROUTES.retenido, element: <UnderConstruction title={MSG.pageRetenido} /> },
          {
            path: ROUTES.cambiarClave,
            lazy: async () => ({
              Component: (await import('@/features/settings/pages/settings-page')).SettingsPage,
            }),
          },
          { path: ROUTES.historial, element: <UnderConstruction title={MSG.pageHistorial} /> },
          {
            path: ROUTES.reporteSociodemografico,
            element: <UnderConstruction title={MSG.pageSociodemografico} />,
          },
          { path: ROUTES.listDinamico, element: <UnderConstruction title={MSG.pageListDinamico} /> },
          { path: ROUTES.detalleArchivo, element: <UnderConstruction title={MSG.pageDetalleArchivo} /> },
        ],
      },
      { path: '*', element: <Navigate to={PATHS.login} replace /> },
    ],
  },
]);

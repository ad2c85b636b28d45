import { createHashRouter, Navigate } from 'react-router';
import { LoginPage } from '@/features/login/pages/login-page';
import { PATHS, ROUTES } from '@/lib/paths';
import { RequireStaff } from './require-staff';
import { RootLayout } from './root-layout';

/**
 * Hash routes of docs/contract.md, Screens and routes (decision 010): every page is a `lazy` import of its
 * feature page, so the login route carries none of them.
 */
export const router = createHashRouter([
  {
    element: <RootLayout />,
    children: [
      { path: ROUTES.login, element: <LoginPage /> },
      {
        path: '',
        // Signed-in pages load after the login screen (decision 073, login route budget).
        lazy: async () => ({ Component: (await import('./signed-in')).SignedIn }),
        children: [
          { index: true, element: <Navigate to={PATHS.home} replace /> },
          {
            path: ROUTES.home,
            lazy: async () => ({ Component: (await import('@/features/reporte/pages/home-page')).HomePage }),
          },
          {
            path: ROUTES.proveedor,
            lazy: async () => ({
              Component: (await import('@/app/proveedor-page')).ProveedorPage,
            }),
          },
          // Contractor pages: staff read that they are for contractors (docs/decisions/099). Lazy, as
          // its strings would otherwise join the login route (decision 073).
          {
            lazy: async () => ({ Component: (await import('./require-contractor')).RequireContractor }),
            children: [
              {
                path: ROUTES.sgSst,
                lazy: async () => ({
                  Component: (await import('@/features/evidencias/pages/sg-sst-page')).SgSstPage,
                }),
              },
              {
                path: ROUTES.ingresoPersonal,
                lazy: async () => ({
                  Component: (await import('@/features/empleados/pages/ingreso-personal-page'))
                    .IngresoPersonalPage,
                }),
              },
              {
                path: ROUTES.gestionRiesgo,
                lazy: async () => ({
                  Component: (await import('@/features/evidencias/pages/gestion-riesgo-page'))
                    .GestionRiesgoPage,
                }),
              },
              {
                path: ROUTES.retenido,
                lazy: async () => ({
                  Component: (await import('@/features/evidencias/pages/retenido-page')).RetenidoPage,
                }),
              },
              {
                path: ROUTES.reporteSociodemografico,
                lazy: async () => ({
                  Component: (await import('@/features/empleados/pages/socio-report-page')).SocioReportPage,
                }),
              },
              // Fitness of the contract's workers (docs/decisions/125).
              {
                path: ROUTES.aptitudPersonal,
                lazy: async () => ({
                  Component: (await import('@/features/aptitud/pages/aptitud-page')).AptitudPage,
                }),
              },
              // The yearly Resolución 0312 self-evaluation (docs/decisions/133, 135).
              {
                path: ROUTES.autoevaluacion,
                lazy: async () => ({
                  Component: (await import('@/features/autoevaluacion/pages/autoevaluacion-page'))
                    .AutoevaluacionPage,
                }),
              },
            ],
          },
          {
            path: ROUTES.cambiarClave,
            lazy: async () => ({
              Component: (await import('@/features/usuarios-empresa/pages/settings-page')).SettingsPage,
            }),
          },
          {
            path: ROUTES.historial,
            lazy: async () => ({
              Component: (await import('@/features/historial/pages/history-page')).HistoryPage,
            }),
          },
          {
            path: ROUTES.listDinamico,
            lazy: async () => ({ Component: (await import('@/features/listas/pages/list-page')).ListPage }),
          },
          {
            path: ROUTES.detalleArchivo,
            lazy: async () => ({
              Component: (await import('@/features/evidencias/pages/file-viewer-page')).FileViewerPage,
            }),
          },
          // Staff side (docs/decisions/065): review console, compliance view, administration.
          {
            element: <RequireStaff />,
            children: [
              {
                path: ROUTES.revision,
                lazy: async () => ({
                  Component: (await import('@/features/revision/pages/review-queue-page')).ReviewQueuePage,
                }),
              },
              {
                path: ROUTES.cumplimiento,
                lazy: async () => ({
                  Component: (await import('@/features/revision/pages/compliance-page')).CompliancePage,
                }),
              },
              // The 0312 self-evaluation scores and overdue plan actions (docs/decisions/142).
              {
                path: ROUTES.autoevaluacionesStaff,
                lazy: async () => ({
                  Component: (await import('@/features/autoevaluacion/pages/autoevaluaciones-page'))
                    .AutoevaluacionesPage,
                }),
              },
              // Who may enter a project's site, who is inside (docs/decisions/125).
              {
                path: ROUTES.personalObra,
                lazy: async () => ({
                  Component: (await import('@/features/aptitud/pages/obra-page')).ObraPage,
                }),
              },
              {
                path: ROUTES.adminEmpresa,
                lazy: async () => ({
                  Component: (await import('@/features/empresas/pages/company-form-page')).CompanyFormPage,
                }),
              },
              {
                path: ROUTES.adminEmpresaEliminar,
                lazy: async () => ({
                  Component: (await import('@/features/empresas/pages/company-disable-page'))
                    .CompanyDisablePage,
                }),
              },
              {
                path: ROUTES.adminEmpresaContratos,
                lazy: async () => ({
                  Component: (await import('@/features/revision/pages/company-compliance-page'))
                    .CompanyCompliancePage,
                }),
              },
              {
                path: ROUTES.adminRequisito,
                lazy: async () => ({
                  Component: (await import('@/features/catalogo/pages/requisito-form-page'))
                    .RequisitoFormPage,
                }),
              },
              {
                path: ROUTES.adminRequisitoEliminar,
                lazy: async () => ({
                  Component: (await import('@/features/catalogo/pages/requisito-retire-page'))
                    .RequisitoRetirePage,
                }),
              },
              {
                path: ROUTES.adminMaestras,
                lazy: async () => ({
                  Component: (await import('@/features/catalogo/pages/masters-page')).MastersPage,
                }),
              },
            ],
          },
        ],
      },
      // The site gate (docs/decisions/124): outside the dashboard shell, for the guard's phone.
      {
        path: ROUTES.porteria,
        // The gate's own entry (./gate-app, decision 134) is fetched too, so the gate's service worker
        // keeps it: a reload at the gate, also without signal, opens that entry.
        lazy: async () => {
          const [{ GateRoot }] = await Promise.all([import('./require-gate'), import('./gate-app')]);
          return { Component: GateRoot };
        },
      },
      { path: '*', element: <Navigate to={PATHS.login} replace /> },
    ],
  },
]);

import { Outlet, ScrollRestoration } from 'react-router';

/** Root of every route: scroll position restored per history entry (docs/contract.md, Screens and routes). */
export function RootLayout() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

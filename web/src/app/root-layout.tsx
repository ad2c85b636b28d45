import { Outlet, ScrollRestoration } from 'react-router';

/** Root of every route: scroll position restored per history entry (section 2). */
export function RootLayout() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

import { lazy } from 'react';
import { createBrowserRouter } from 'react-router-dom';
import { Layout } from './shell/layout';
import { RouteError } from './route-error';

const Home = lazy(() => import('./routes/home'));

/** The route table of spec §2 under one layout; index and any unmatched path show home. */
export const router = createBrowserRouter([
  {
    element: <Layout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <Home /> },
      { path: '*', element: <Home /> },
    ],
  },
]);

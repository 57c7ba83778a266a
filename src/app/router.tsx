import { lazy } from 'react';
import { createBrowserRouter } from 'react-router-dom';
import { Layout } from './shell/layout';
import { RouteError } from './route-error';
import { GuestOnly } from './guards';

const Home = lazy(() => import('./routes/home'));
const Products = lazy(() => import('./routes/products'));
const Category = lazy(() => import('./routes/category'));
const ProductDetails = lazy(() => import('./routes/product-details'));
const Offers = lazy(() => import('./routes/offers'));
const BestSeller = lazy(() => import('./routes/best-seller'));
const About = lazy(() => import('./routes/about'));
const Contact = lazy(() => import('./routes/contact'));
const Wishlist = lazy(() => import('./routes/wishlist'));
const SignIn = lazy(() => import('./routes/sign-in'));
const SignUp = lazy(() => import('./routes/sign-up'));

/**
 * The route table of spec §2 under one layout; index and any unmatched path
 * show home. Every screen is lazy, behind the layout's loading view. The
 * cart, checkout and account screens (issue 4) join with their guards.
 */
export const router = createBrowserRouter([
  {
    element: <Layout />,
    errorElement: <RouteError />,
    children: [
      {
        // A screen that fails to load or render shows its error inside the
        // shell, so the banner, navigation and footer stay.
        errorElement: <RouteError />,
        children: [
          { index: true, element: <Home /> },
          { path: 'products', element: <Products /> },
          { path: 'products/category/:id', element: <Category /> },
          { path: 'products/product-details/:id', element: <ProductDetails /> },
          { path: 'offers', element: <Offers /> },
          { path: 'bestSeller', element: <BestSeller /> },
          { path: 'about-us', element: <About /> },
          { path: 'contact-us', element: <Contact /> },
          // The page itself sends a visitor to sign-in with a message, and back afterwards.
          { path: 'wishlist', element: <Wishlist /> },
          {
            element: <GuestOnly />,
            children: [
              { path: 'sign-in', element: <SignIn /> },
              { path: 'sign-up', element: <SignUp /> },
            ],
          },
          { path: '*', element: <Home /> },
        ],
      },
    ],
  },
]);

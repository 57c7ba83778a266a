import { lazy } from 'react';
import { createBrowserRouter, Navigate } from 'react-router-dom';
import { Layout } from './shell/layout';
import { RouteError } from './route-error';
import { GuestOnly, RequireAuth, RequireEarlierNavigation } from './guards';

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
const Cart = lazy(() => import('./routes/cart'));
const PaymentSession = lazy(() => import('./routes/payment-session/layout'));
const InfoStep = lazy(() => import('./routes/payment-session/info'));
const AddressStep = lazy(() => import('./routes/payment-session/address'));
const ShippingStep = lazy(() => import('./routes/payment-session/shipping'));
const PaymentStep = lazy(() => import('./routes/payment-session/payment'));
const OrderIsDone = lazy(() => import('./routes/order-is-done'));
const Addresses = lazy(() => import('./routes/address'));
const MyAccount = lazy(() => import('./routes/my-account'));
const MyOrders = lazy(() => import('./routes/my-orders'));
const TrackOrder = lazy(() => import('./routes/track-order'));
const TrackAllOrders = lazy(() => import('./routes/track-all-orders'));

/**
 * The route table of spec §2 under one layout; index and any unmatched path
 * show home. Every screen is lazy, behind the layout's loading view.
 * Guards (spec §2, RULES.md): the account screens need sign-in; the checkout
 * steps need sign-in and the cart's Proceed; order-is-done needs a placed order.
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
          // The cart shows its own sign-in prompt to a visitor (spec §2).
          { path: 'cart', element: <Cart /> },
          { path: 'carts', element: <Cart /> },
          {
            element: <RequireAuth />,
            children: [
              { path: 'myAccount', element: <MyAccount /> },
              { path: 'address', element: <Addresses /> },
              { path: 'myOrders', element: <MyOrders /> },
              { path: 'trackOrders/:id/:num', element: <TrackOrder /> },
              { path: 'trackAllOrders', element: <TrackAllOrders /> },
              {
                path: 'payment-session',
                element: <RequireEarlierNavigation gate="payment-session"><PaymentSession /></RequireEarlierNavigation>,
                children: [
                  { index: true, element: <Navigate to="info" replace /> },
                  { path: 'info', element: <InfoStep /> },
                  { path: 'address', element: <AddressStep /> },
                  { path: 'shipping', element: <ShippingStep /> },
                  { path: 'payment', element: <PaymentStep /> },
                ],
              },
            ],
          },
          { path: 'order-is-done', element: <RequireEarlierNavigation gate="order-is-done"><OrderIsDone /></RequireEarlierNavigation> },
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

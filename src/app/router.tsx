import { createBrowserRouter, Navigate } from 'react-router-dom';
import { Layout } from './shell/layout';
import { RouteError } from './route-error';
import { GuestOnly, RequireAuth, RequireEarlierNavigation } from './guards';
import { lazyScreen } from '@/pwa/chunk-load';

const Home = lazyScreen('home', () => import('./routes/home'));
const Products = lazyScreen('products', () => import('./routes/products'));
const Category = lazyScreen('category', () => import('./routes/category'));
const ProductDetails = lazyScreen('product-details', () => import('./routes/product-details'));
const Offers = lazyScreen('offers', () => import('./routes/offers'));
const BestSeller = lazyScreen('best-seller', () => import('./routes/best-seller'));
const About = lazyScreen('about', () => import('./routes/about'));
const Contact = lazyScreen('contact', () => import('./routes/contact'));
const Wishlist = lazyScreen('wishlist', () => import('./routes/wishlist'));
const SignIn = lazyScreen('sign-in', () => import('./routes/sign-in'));
const SignUp = lazyScreen('sign-up', () => import('./routes/sign-up'));
const Cart = lazyScreen('cart', () => import('./routes/cart'));
const PaymentSession = lazyScreen('payment-session/layout', () => import('./routes/payment-session/layout'));
const InfoStep = lazyScreen('payment-session/info', () => import('./routes/payment-session/info'));
const AddressStep = lazyScreen('payment-session/address', () => import('./routes/payment-session/address'));
const ShippingStep = lazyScreen('payment-session/shipping', () => import('./routes/payment-session/shipping'));
const PaymentStep = lazyScreen('payment-session/payment', () => import('./routes/payment-session/payment'));
const OrderIsDone = lazyScreen('order-is-done', () => import('./routes/order-is-done'));
const Addresses = lazyScreen('address', () => import('./routes/address'));
const MyAccount = lazyScreen('my-account', () => import('./routes/my-account'));
const MyOrders = lazyScreen('my-orders', () => import('./routes/my-orders'));
const TrackOrder = lazyScreen('track-order', () => import('./routes/track-order'));
const TrackAllOrders = lazyScreen('track-all-orders', () => import('./routes/track-all-orders'));

/**
 * The route table of spec §2 under one layout; index and any unmatched path
 * show home. Every screen is lazy, behind the layout's loading view; one
 * whose code does not arrive (missing, failed, or past spec §9's time-out)
 * throws a ChunkLoadError that the route's error screen turns into Retry.
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

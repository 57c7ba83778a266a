import { Navigate, Route, Routes } from 'react-router-dom';
import { Layout } from './shell/layout';
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
 * throws a ChunkLoadError that the layout's error boundary turns into Retry.
 * Guards (spec §2, RULES.md): the account screens need sign-in; the checkout
 * steps need sign-in and the cart's Proceed; order-is-done needs a placed order.
 *
 * Declarative routes, not createBrowserRouter: the data router's loaders,
 * actions and fetchers, which Attar does not use (TanStack Query loads the
 * data), weigh 17 KiB gzip on every first load (issue 6).
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<Home />} />
        <Route path="products" element={<Products />} />
        <Route path="products/category/:id" element={<Category />} />
        <Route path="products/product-details/:id" element={<ProductDetails />} />
        <Route path="offers" element={<Offers />} />
        <Route path="bestSeller" element={<BestSeller />} />
        <Route path="about-us" element={<About />} />
        <Route path="contact-us" element={<Contact />} />
        {/* The page itself sends a visitor to sign-in with a message, and back afterwards. */}
        <Route path="wishlist" element={<Wishlist />} />
        {/* The cart shows its own sign-in prompt to a visitor (spec §2). */}
        <Route path="cart" element={<Cart />} />
        <Route path="carts" element={<Cart />} />
        <Route element={<RequireAuth />}>
          <Route path="myAccount" element={<MyAccount />} />
          <Route path="address" element={<Addresses />} />
          <Route path="myOrders" element={<MyOrders />} />
          <Route path="trackOrders/:id/:num" element={<TrackOrder />} />
          <Route path="trackAllOrders" element={<TrackAllOrders />} />
          <Route path="payment-session" element={<RequireEarlierNavigation gate="payment-session"><PaymentSession /></RequireEarlierNavigation>}>
            <Route index element={<Navigate to="info" replace />} />
            <Route path="info" element={<InfoStep />} />
            <Route path="address" element={<AddressStep />} />
            <Route path="shipping" element={<ShippingStep />} />
            <Route path="payment" element={<PaymentStep />} />
          </Route>
        </Route>
        <Route path="order-is-done" element={<RequireEarlierNavigation gate="order-is-done"><OrderIsDone /></RequireEarlierNavigation>} />
        <Route element={<GuestOnly />}>
          <Route path="sign-in" element={<SignIn />} />
          <Route path="sign-up" element={<SignUp />} />
        </Route>
        <Route path="*" element={<Home />} />
      </Route>
    </Routes>
  );
}

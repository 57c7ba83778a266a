import { WishButton } from '@/features/wishlist/components/wish-button';
import { AddToCartButton } from '@/features/cart/components/add-to-cart-button';
import type { ProductCard as Product } from '@/lib/contract';

/** The heart and add-to-cart on a product card, composed here because features do not import each other. */
export const cardActions = (p: Product) => (
  <>
    <WishButton productId={p.id} isFav={p.is_fav} productName={p.name} />
    {/* Two cards share a phone's width: the words stay on one line without the icon (product-card.css). */}
    <AddToCartButton productId={p.id} productName={p.name} disabled={!p.in_stock} className="attar-card__add" />
  </>
);

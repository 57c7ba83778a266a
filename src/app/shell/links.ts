import { useLingui } from '@lingui/react/macro';

export interface ShopLink {
  to: string;
  label: string;
}

/** The shop's pages, linked from both the navigation and the footer. */
export function useShopLinks(): ShopLink[] {
  const { t } = useLingui();
  return [
    { to: '/', label: t`Home` },
    { to: '/products', label: t`Products` },
    { to: '/offers', label: t`Offers` },
    { to: '/bestSeller', label: t`Best sellers` },
    { to: '/about-us', label: t`About us` },
    { to: '/contact-us', label: t`Contact us` },
  ];
}

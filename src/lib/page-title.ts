import { useEffect } from 'react';
import { t } from '@lingui/core/macro';

/** The tab's title for a screen, in the active language: "Offers | Attar". */
export function usePageTitle(title: string | undefined) {
  useEffect(() => {
    const shop = t`Attar`;
    document.title = title ? `${title} | ${shop}` : shop;
  }, [title]);
}

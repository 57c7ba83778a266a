import { useEffect, useState } from 'react';

/**
 * True once the element has come within `margin` of the screen (at once
 * where IntersectionObserver is missing), and stays true. `watch` false
 * leaves it false and observes nothing.
 */
export function useSeen(element: Element | null, watch = true, margin = '0px'): boolean {
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    if (!watch || seen || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setSeen(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
    }, { rootMargin: margin });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, watch, seen, margin]);
  return seen;
}

import { createContext, lazy, useContext, useEffect, useState, type ImgHTMLAttributes, type Key, type ReactNode } from 'react';
import type { SwiperOptions } from 'swiper/types';
import { LazyWidget } from '@/components/error-boundary';
import { useSeen } from '@/lib/use-seen';

/** Spec §9: every carousel moves in 300 ms, shows one slide, and starts a swipe after 5 px. */
export const CAROUSEL_DEFAULTS = { speed: 300, slidesPerView: 1, threshold: 5 } as const;

/** Whether the slide around a SlideImage may load its picture now (data saver holds it back). */
export const ShowImages = createContext(true);

/**
 * A slide's picture: the image, or while data saver holds it back an empty
 * box of the same size, so nothing shifts when it arrives.
 */
export function SlideImage({ width, height, style, ...rest }: ImgHTMLAttributes<HTMLImageElement> & { width: number; height: number }) {
  const show = useContext(ShowImages);
  if (show) return <img width={width} height={height} style={style} {...rest} />;
  return (
    <span
      data-testid="deferred-image"
      style={{ ...style, display: 'block', width: '100%', height: 'auto', aspectRatio: `${width} / ${height}`, backgroundColor: '#f3eee6' }}
    />
  );
}

export interface CarouselSlide {
  key: Key;
  content: ReactNode;
}

export interface CarouselProps {
  /** names the carousel for screen readers */
  label: string;
  slides: CarouselSlide[];
  breakpoints?: SwiperOptions['breakpoints'];
  spaceBetween?: number;
  /**
   * Data saver: pictures (SlideImage) load only once the carousel is on
   * screen, and then only for the slides the shopper has brought into view.
   */
  deferImages?: boolean;
  /** Moves focus to Next on mount: the shopper has just asked for these slides. */
  focusNext?: boolean;
}

/** Once Swiper has arrived, a carousel mounted later (another product, more photos) starts with it. */
let swiperArrived = false;
const SwiperCarousel = lazy(() => import('./swiper-carousel').then((m) => {
  swiperArrived = true;
  return { default: m.SwiperCarousel };
}));

/** Height of the Previous / position / Next row under a carousel that can move (its 40 px buttons and 8 px margin). */
const CONTROLS_HEIGHT = 48;

/**
 * The first slide as the carousel will show it, before Swiper (about 30 KiB
 * gzip with its CSS) has arrived: same width, the row of controls kept free,
 * so the swap moves nothing. Slides that may share the view
 * (`breakpoints`) are laid out side by side the same way.
 */
function FirstSlides({ slides, breakpoints, spaceBetween = 0, deferImages = false }: Pick<CarouselProps, 'slides' | 'breakpoints' | 'spaceBetween' | 'deferImages'>) {
  const perView = (width: number) => Object.entries(breakpoints ?? {})
    .filter(([min]) => width >= Number(min))
    .reduce<number>((n, [, options]) => (typeof options.slidesPerView === 'number' ? options.slidesPerView : n), CAROUSEL_DEFAULTS.slidesPerView);
  const [count] = useState(() => (typeof window === 'undefined' ? 1 : perView(window.innerWidth)));
  return (
    <div style={{ minWidth: 0 }}>
      <div style={{ display: 'flex', gap: `${spaceBetween}px`, overflow: 'hidden' }}>
        {slides.slice(0, count).map((slide) => (
          <div key={slide.key} style={{ flex: `0 0 calc((100% - ${(count - 1) * spaceBetween}px) / ${count})`, minWidth: 0 }}>
            {/* Data saver: no picture before the carousel itself decides what is in view. */}
            <ShowImages.Provider value={!deferImages}>{slide.content}</ShowImages.Provider>
          </div>
        ))}
      </div>
      {slides.length > count && <div style={{ height: CONTROLS_HEIGHT }} />}
    </div>
  );
}

/**
 * A carousel (swiper-carousel.tsx) whose Swiper is loaded once the page has
 * painted; until then, and should that file fail to load, its first slides
 * show as they will in it (issue 6: the product page's picture and text do
 * not wait for Swiper).
 */
export function Carousel(props: CarouselProps) {
  const [painted, setPainted] = useState(swiperArrived);
  const [box, setBox] = useState<HTMLElement | null>(null);
  // Near the screen: a carousel further down (a product's related ones) mounts Swiper, its heaviest
  // moment on a slow phone (a 100 ms task, 400 at 4x), when the shopper scrolls to it, not on load.
  const near = useSeen(box, !painted, '200px');
  useEffect(() => {
    if (painted || !near) return;
    // After the first paint: the picture the shopper came for is not held behind Swiper's code.
    const id = requestAnimationFrame(() => setTimeout(() => setPainted(true), 0));
    return () => cancelAnimationFrame(id);
  }, [painted, near]);
  const first = <FirstSlides slides={props.slides} breakpoints={props.breakpoints} spaceBetween={props.spaceBetween} deferImages={props.deferImages} />;
  return (
    <div ref={setBox} style={{ minWidth: 0 }}>
      {painted ? (
        <LazyWidget fallback={first}>
          <SwiperCarousel {...props} />
        </LazyWidget>
      ) : first}
    </div>
  );
}

import { createContext, lazy, startTransition, useContext, useEffect, useLayoutEffect, useRef, useState, type MutableRefObject, type ImgHTMLAttributes, type KeyboardEvent, type Key, type PointerEvent, type ReactNode, type Ref } from 'react';
import type { SwiperOptions } from 'swiper/types';
import { useLingui } from '@lingui/react/macro';
import { LazyWidget } from '@/components/error-boundary';
import { ChevronNextIcon, ChevronPreviousIcon } from '@/components/icons';
import { iconButtonClass } from '@/components/plain-controls';
import { useLanguage } from '@/lib/language';
import { formatNumber } from '@/lib/money';
import { useSeen } from '@/lib/use-seen';

/** Every carousel moves in 300 ms, shows one slide, and starts a swipe after 5 px. */
export const CAROUSEL_DEFAULTS = { speed: 300, slidesPerView: 1, threshold: 5 } as const;

/** Whether the slide around a SlideImage may load its picture now (data saver holds it back). */
export const ShowImages = createContext(true);

/**
 * A slide's picture: the image, or while data saver holds it back an empty
 * box of the same size, so nothing shifts when it arrives.
 */
export function SlideImage({ width, height, style, alt, ...rest }: ImgHTMLAttributes<HTMLImageElement> & { width: number; height: number; alt: string }) {
  const show = useContext(ShowImages);
  if (show) return <img width={width} height={height} style={style} alt={alt} {...rest} />;
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
  /**
   * When Swiper comes: once the carousel is near the screen (one further down
   * the page), or once the shopper reaches for it (one on the first screen:
   * a pointer over it, a touch, focus), so the first load carries none of it.
   */
  swiperOn?: 'near' | 'touch';
}

/** Where the keyboard's focus was in a carousel: one of its buttons, or the `item`th focusable of slide `slide`. */
export type FocusSpot = 'next' | 'previous' | { slide: number; item: number };

/**
 * Swiper's carousel, where it starts (the slide the shopper moved to before it
 * came) and where the focus goes as it mounts: where it was in the first
 * slides as they went (`focusAfter`), else the button the shopper pressed
 * before it came (`focusControl`; `focusNext` is Next's).
 */
export type SwiperCarouselProps = Omit<CarouselProps, 'swiperOn'> & {
  initialSlide?: number;
  focusControl?: FocusSpot;
  focusAfter?: MutableRefObject<FocusSpot | undefined>;
};

/** What can take the focus inside a slide. */
export const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Where the focus is in `region`, if it is there: a control, or the slide (by `data-slide`) and which of its focusables. */
function focusSpotIn(region: HTMLElement | null): FocusSpot | undefined {
  const active = document.activeElement;
  if (!region || !(active instanceof HTMLElement) || !region.contains(active)) return undefined;
  const controls = active.closest('.attar-carousel__controls');
  if (controls) return controls.querySelector('button') === active ? 'previous' : 'next';
  const slide = active.closest<HTMLElement>('[data-slide]');
  if (!slide) return undefined;
  return { slide: Number(slide.dataset.slide), item: [...slide.querySelectorAll(FOCUSABLE)].indexOf(active) };
}

/** Once Swiper has arrived, a carousel mounted later (another product, more photos) starts with it. */
let swiperArrived = false;
const loadSwiper = () => import('./swiper-carousel').then((m) => {
  swiperArrived = true;
  return { default: m.SwiperCarousel };
});
const SwiperCarousel = lazy(loadSwiper);

/** The position of a slide as screen readers hear it and the controls show it: "2 of 5", in the page's digits. */
export function useSlidePosition() {
  const { t } = useLingui();
  const { lang } = useLanguage();
  return (index: number, count: number) => {
    const current = formatNumber(index + 1, lang);
    const total = formatNumber(count, lang);
    return t`${current} of ${total}`;
  };
}

interface ControlsProps {
  index: number;
  total: number;
  /** the position shows only where one slide fills the view */
  single: boolean;
  atStart: boolean;
  atEnd: boolean;
  onPrevious(): void;
  onNext(): void;
  nextRef?: Ref<HTMLButtonElement>;
}

/** Previous, the position and Next under a carousel that can move: the same before and after Swiper comes. */
export function CarouselControls({ index, total, single, atStart, atEnd, onPrevious, onNext, nextRef }: ControlsProps) {
  const { t } = useLingui();
  const { dir } = useLanguage();
  const position = useSlidePosition();
  return (
    <div className="attar-carousel__controls">
      <button type="button" className={iconButtonClass()} onClick={onPrevious} disabled={atStart} aria-label={t`Previous slide`}>
        <ChevronPreviousIcon dir={dir} />
      </button>
      {single && <span className="attar-carousel__position" aria-live="polite">{position(index, total)}</span>}
      <button ref={nextRef} type="button" className={iconButtonClass()} onClick={onNext} disabled={atEnd} aria-label={t`Next slide`}>
        <ChevronNextIcon dir={dir} />
      </button>
    </div>
  );
}

/** The key that moves a carousel a slide towards the line's end, or its start, or to its first or last slide. */
export function carouselKey(event: KeyboardEvent, dir: 'ltr' | 'rtl'): 'next' | 'previous' | 'first' | 'last' | null {
  if (event.altKey || event.ctrlKey || event.metaKey) return null;
  if ((event.target as HTMLElement).closest('input, textarea, select, [contenteditable="true"]')) return null;
  if (event.key === (dir === 'rtl' ? 'ArrowLeft' : 'ArrowRight')) return 'next';
  if (event.key === (dir === 'rtl' ? 'ArrowRight' : 'ArrowLeft')) return 'previous';
  if (event.key === 'Home') return 'first';
  if (event.key === 'End') return 'last';
  return null;
}

/** How far a pointer must travel across a slide before Swiper's arrival for it to count as a swipe. */
const SWIPE_PX = 30;

interface FirstSlidesProps extends Pick<CarouselProps, 'label' | 'slides' | 'breakpoints' | 'spaceBetween' | 'deferImages'> {
  /** the first slide in view */
  from: number;
  /** `by` the button pressed, if one was */
  onMove(to: number, by?: 'next' | 'previous'): void;
  /** set as the first slides go (Swiper has come): where the focus was in them, if it was */
  focusAfter: MutableRefObject<FocusSpot | undefined>;
}

/**
 * The carousel as it shows before Swiper (about 30 KiB gzip with its CSS) has
 * arrived: the slides in view at the same width, and the same controls, which
 * already work, as do the arrow keys and a swipe. Slides that may share the
 * view (`breakpoints`) are laid out side by side the same way. Swiper takes
 * over at the slide shown, so the swap moves nothing.
 */
function FirstSlides({ label, slides, breakpoints, spaceBetween = 0, deferImages = false, from, onMove, focusAfter }: FirstSlidesProps) {
  const { t } = useLingui();
  const { dir } = useLanguage();
  const position = useSlidePosition();
  const perView = (width: number) => Object.entries(breakpoints ?? {})
    .filter(([min]) => width >= Number(min))
    .reduce<number>((n, [, options]) => (typeof options.slidesPerView === 'number' ? options.slidesPerView : n), CAROUSEL_DEFAULTS.slidesPerView);
  const [count] = useState(() => (typeof window === 'undefined' ? 1 : perView(window.innerWidth)));
  const last = Math.max(slides.length - count, 0);
  const start = Math.min(from, last);
  const swipe = useRef<{ x: number; y: number } | null>(null);
  const region = useRef<HTMLDivElement>(null);
  // A layout effect's cleanup runs before React removes the slides: the focus is still in them.
  useLayoutEffect(() => () => {
    focusAfter.current = focusSpotIn(region.current);
  }, [focusAfter]);
  const move = (to: number, by?: 'next' | 'previous') => onMove(Math.max(0, Math.min(to, last)), by);
  const onKeyDown = (event: KeyboardEvent) => {
    const key = carouselKey(event, dir);
    if (!key) return;
    event.preventDefault();
    move(key === 'next' ? start + 1 : key === 'previous' ? start - 1 : key === 'first' ? 0 : last);
  };
  const onPointerUp = (event: PointerEvent) => {
    const began = swipe.current;
    swipe.current = null;
    if (!began) return;
    const dx = event.clientX - began.x;
    if (Math.abs(dx) < SWIPE_PX || Math.abs(dx) < Math.abs(event.clientY - began.y)) return;
    // A swipe towards the line's start brings the next slide: leftwards in English, rightwards in Arabic.
    const towardsStart = dir === 'rtl' ? dx > 0 : dx < 0;
    move(towardsStart ? start + 1 : start - 1);
  };
  return (
    <div ref={region} className="attar-carousel" role="region" aria-roledescription={t`carousel`} aria-label={label} onKeyDown={onKeyDown}>
      <div
        className="attar-carousel__first"
        style={{ gap: `${spaceBetween}px` }}
        onPointerDown={(event) => { swipe.current = { x: event.clientX, y: event.clientY }; }}
        onPointerUp={onPointerUp}
        onPointerCancel={() => { swipe.current = null; }}
      >
        {slides.slice(start, start + count).map((slide, i) => (
          <div
            key={slide.key}
            data-slide={start + i}
            role="group"
            aria-roledescription={t`slide`}
            aria-label={position(start + i, slides.length)}
            style={{ flex: `0 0 calc((100% - ${(count - 1) * spaceBetween}px) / ${count})`, minWidth: 0 }}
          >
            {/* Data saver: no picture before the carousel itself decides what is in view. */}
            <ShowImages.Provider value={!deferImages}>{slide.content}</ShowImages.Provider>
          </div>
        ))}
      </div>
      {slides.length > count && (
        <CarouselControls
          index={start}
          total={slides.length}
          single={count === 1}
          atStart={start === 0}
          atEnd={start >= last}
          onPrevious={() => move(start - 1, 'previous')}
          onNext={() => move(start + 1, 'next')}
        />
      )}
    </div>
  );
}

/**
 * A carousel (swiper-carousel.tsx) whose Swiper comes when it is needed
 * (`swiperOn`); until then, and should that file fail to load, its slides
 * show as they will in it, and move: the product page's picture and text do
 * not wait for Swiper, and its first load does not carry it.
 */
export function Carousel({ swiperOn = 'near', ...props }: CarouselProps) {
  // Swiper at once where it is here already and the carousel would mount it soon anyway (near), or
  // the shopper has just asked for more slides (focusNext: Swiper takes the focus). A carousel of
  // the first screen still waits for a touch: mounting Swiper is a long task on a slow phone.
  const [wanted, setWanted] = useState((swiperArrived && swiperOn === 'near') || Boolean(props.focusNext));
  const [box, setBox] = useState<HTMLElement | null>(null);
  const [from, setFrom] = useState(0);
  const [pressed, setPressed] = useState<'next' | 'previous' | undefined>(undefined);
  // Where the keyboard's focus was as the first slides gave way to Swiper: it goes to the same place in it.
  const focusAfter = useRef<FocusSpot | undefined>(undefined);
  // In a transition: the slides shown now stay, and keep working, until Swiper is here to take over
  // (a plain update would swap them for the fallback, and the button in focus with them).
  const want = () => startTransition(() => setWanted(true));
  // Near the screen: a carousel further down (a product's related ones) mounts Swiper, its heaviest
  // moment on a slow phone (a 100 ms task, 400 at 4x), when the shopper scrolls to it, not on load.
  const near = useSeen(box, swiperOn === 'near' && !wanted, '200px');
  useEffect(() => {
    if (wanted || !near) return;
    // After the first paint: the picture the shopper came for is not held behind Swiper's code.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const id = requestAnimationFrame(() => { timer = setTimeout(want, 0); });
    return () => {
      cancelAnimationFrame(id);
      clearTimeout(timer);
    };
  }, [wanted, near]);
  const first = (
    <FirstSlides
      label={props.label}
      slides={props.slides}
      breakpoints={props.breakpoints}
      spaceBetween={props.spaceBetween}
      deferImages={props.deferImages}
      from={from}
      onMove={(to, by) => {
        setFrom(to);
        // Swiper's own button takes the focus where the shopper's was.
        if (by) setPressed(by);
        want();
      }}
      focusAfter={focusAfter}
    />
  );
  const reach = wanted ? undefined : want;
  return (
    <div ref={setBox} style={{ minWidth: 0 }} onPointerEnter={reach} onPointerDown={reach} onFocus={reach}>
      <LazyWidget fallback={first}>
        {wanted ? <SwiperCarousel {...props} initialSlide={from} focusControl={props.focusNext ? 'next' : pressed} focusAfter={focusAfter} /> : first}
      </LazyWidget>
    </div>
  );
}
